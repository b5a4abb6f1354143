#include <linux/module.h>

static int name;
MODULE_PARM(name, "s");
