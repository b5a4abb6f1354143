#include <linux/module.h>

static long timeout = 100;
MODULE_PARM(timeout, "i");
