#include <linux/module.h>

#define NR_PORTS 8

static int port[NR_PORTS];
MODULE_PARM(port, "1-" __stringify(NR_PORTS) "i");
