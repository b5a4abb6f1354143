/*
 * Uses of wrappers as real code lays them out: two on one line, one over
 * three lines, a tab before one.  Each is a site, at its own line.
 */
#include <linux/module.h>

#define INT_PARM(n, v) static int n = v; MODULE_PARM(n, "i")
#define STR_PARM(n) static char *n; MODULE_PARM(n, "s")

INT_PARM(io, 0x300); INT_PARM(irq, 5);
	INT_PARM(dma, 3);
STR_PARM(
	options
);
INT_PARM(mtu,
	 1500); STR_PARM(name);
