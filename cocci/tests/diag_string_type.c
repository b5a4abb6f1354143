#include <linux/module.h>

static int slots[16];
MODULE_PARM(slots, "c16");
