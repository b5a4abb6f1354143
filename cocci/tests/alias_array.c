#include <linux/module.h>

static int io_ports[4];
#define io io_ports
MODULE_PARM(io, "1-4i");
