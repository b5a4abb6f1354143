#include <linux/module.h>

static unsigned int mask;
static unsigned flags;
MODULE_PARM(mask, "i");
MODULE_PARM(flags, "i");
