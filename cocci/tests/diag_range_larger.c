#include <linux/module.h>

static int dma[4];
MODULE_PARM(dma, "1-8i");
