#include <linux/module.h>

static int irq = 5;
static signed int level;
MODULE_PARM(irq, "i");
MODULE_PARM(level, "i");
