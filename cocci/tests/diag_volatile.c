#include <linux/module.h>

static volatile int debug;
MODULE_PARM(debug, "i");
