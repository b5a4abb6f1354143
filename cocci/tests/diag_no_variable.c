#include <linux/module.h>

static int io;
MODULE_PARM(io, "i");
MODULE_PARM(irq, "i");
