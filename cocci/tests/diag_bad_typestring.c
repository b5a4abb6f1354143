#include <linux/module.h>

static int x;
MODULE_PARM(x, "q");
