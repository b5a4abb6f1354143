#include <linux/module.h>

static int io;
MODULE_PARM(io, "i");
MODULE_PARM_DESC(io, "I/O base");
MODULE_PARM(irq, "i");
MODULE_PARM_DESC(irq, "IRQ line, gone with its variable");
