#include <linux/module.h>

static enum { MODE_A, MODE_B } mode;
static struct foo cfg;
static long long big;
static int *ptr;
MODULE_PARM(mode, "i");
MODULE_PARM(cfg, "i");
MODULE_PARM(big, "l");
MODULE_PARM(ptr, "i");
