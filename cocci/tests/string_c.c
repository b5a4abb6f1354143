#include <linux/module.h>

static char hostname[32] = "";
MODULE_PARM(hostname, "c32");
