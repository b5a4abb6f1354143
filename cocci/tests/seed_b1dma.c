/* seed 011: drivers/isdn/hardware/avm/b1dma.c, "0-1i" on a scalar int is
 * one value at most: module_param int (2006 made it bool) */
#include <linux/module.h>

static int suppress_pollack = 0;
MODULE_PARM(suppress_pollack, "0-1i");
