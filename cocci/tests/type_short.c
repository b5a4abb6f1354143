#include <linux/module.h>

static short port = 0x340;
MODULE_PARM(port, "h");
