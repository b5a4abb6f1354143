#include <linux/module.h>

typedef unsigned int ioaddr_t;

static ioaddr_t base_addr;
MODULE_PARM(base_addr, "i");
