#include <linux/module.h>
#include <linux/nowhere.h>

static int io[4];
MODULE_PARM(io, SOME_PARM_STRING);
