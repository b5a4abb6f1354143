#include <linux/module.h>

static unsigned short vendor;
MODULE_PARM(vendor, "h");
