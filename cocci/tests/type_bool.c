#include <linux/module.h>

static bool nowayout = 1;
MODULE_PARM(nowayout, "i");
