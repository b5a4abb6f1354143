#include <linux/module.h>

static int io[4];
MODULE_PARM(io, "i");
