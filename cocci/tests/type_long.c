#include <linux/module.h>

static long offset = -1;
MODULE_PARM(offset, "l");
