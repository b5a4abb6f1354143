#include <linux/module.h>

static enum { MODE_A, MODE_B } mode;
static struct foo cfg;
MODULE_PARM(mode, "i");
MODULE_PARM(cfg, "i");
