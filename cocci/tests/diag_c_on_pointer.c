#include <linux/module.h>

static char *mode;
MODULE_PARM(mode, "c20");
