#include <linux/module.h>

static unsigned long membase;
static unsigned char level;
MODULE_PARM(membase, "l");
MODULE_PARM(level, "h");
