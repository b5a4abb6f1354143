#include <linux/module.h>

static unsigned long base = 0xd0000;
static unsigned long int size;
MODULE_PARM(base, "l");
MODULE_PARM(size, "l");
