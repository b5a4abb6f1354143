#include <linux/module.h>

static char names[4][16];
MODULE_PARM(names, "1-4c16");
