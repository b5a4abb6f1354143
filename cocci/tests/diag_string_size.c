#include <linux/module.h>

static char mac[16];
MODULE_PARM(mac, "c18");
