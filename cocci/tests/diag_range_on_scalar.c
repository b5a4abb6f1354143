#include <linux/module.h>

static unsigned long rx_copybreak = 200;
MODULE_PARM(rx_copybreak, "10-240l");
