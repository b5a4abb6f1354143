#include <linux/module.h>

static char devname[16] = "sbni";
MODULE_PARM(devname, "s");
