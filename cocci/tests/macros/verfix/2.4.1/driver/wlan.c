#include <linux/module.h>
#include "linux_ver_fix.h"

PARM_INT(debug, 0, 0644, "debug level");
PARM_INT(channel, 1, 0444, "channel");

int wlan_init(void)
{
	return debug + channel;
}
