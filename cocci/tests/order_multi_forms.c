/* two forms after one declaration: module_param for io and irq,
 * module_param_array for dma; one rule adds the lines of every form */
#include <linux/module.h>

MODULE_PARM(io, "i");
MODULE_PARM(dma, "1-4i");
MODULE_PARM(irq, "i");

static int io = 0x300, dma[4], irq = 5;
