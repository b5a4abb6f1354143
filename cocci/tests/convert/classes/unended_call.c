// SPDX-License-Identifier: GPL-2.0-only
/* A driver only ever built in: its MODULE_PARM lacks the ';' that a
 * build as a module needed, and spatch skips the code around it.  Its
 * wrapper macro's #define is left with the file. */
#include <linux/module.h>

#define INT_MODULE_PARM(n, v) static int n = v; MODULE_PARM(n, "i")

INT_MODULE_PARM(irq_mask, 0xdeb8);
static int if_port;
MODULE_PARM(if_port, "i")
MODULE_PARM_DESC(if_port, "transceiver");
