#include <linux/module.h>

static unsigned char mode = 1;
static u8 addr;
MODULE_PARM(mode, "b");
MODULE_PARM(addr, "b");
