#include <linux/module.h>
#include <linux/if.h>

static char ifname[IFNAMSIZ] = "eth0";
MODULE_PARM(ifname, "c" __MODULE_STRING(IFNAMSIZ));
