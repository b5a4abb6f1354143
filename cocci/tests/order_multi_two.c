/* two parameters declared below in one declaration: both lines follow
 * it */
#include <linux/module.h>

MODULE_PARM(io, "i");
MODULE_PARM(irq, "i");

static int io = 0x300, irq = 5;
