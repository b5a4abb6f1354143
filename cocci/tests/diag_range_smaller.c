#include <linux/module.h>

static int irq[8];
MODULE_PARM(irq, "1-4i");
