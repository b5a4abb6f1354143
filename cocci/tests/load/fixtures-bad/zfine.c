// SPDX-License-Identifier: GPL-2.0
/* Loaded after the panic, in another boot, and judged. */
#include <linux/module.h>
#include <linux/moduleparam.h>

static int rate = 9600;
static int ports[4] = { 1, 2 };
static int nports = 2;

MODULE_PARM(rate, "i");
module_param_array(ports, int, nports, 0444);
MODULE_LICENSE("GPL");
