/* two parameters declared below in one declaration: the first one's
 * module_param follows it, the second is left for a split by hand */
#include <linux/module.h>

MODULE_PARM(io, "i");
MODULE_PARM(irq, "i");

static int io = 0x300, irq = 5;
