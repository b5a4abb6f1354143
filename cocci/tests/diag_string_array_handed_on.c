/* wavelan, 2.2: each name buffer becomes a device's name, which
 * register_netdev() fills in when it is empty: the storage is written. */
#include <linux/module.h>
#include <linux/netdevice.h>

static char name[4][IFNAMSIZ] = { "", "", "", "" };
MODULE_PARM(name, "1-4c" __MODULE_STRING(IFNAMSIZ));

static struct net_device *devs[4];

static void name_devices(void)
{
	int i;

	for (i = 0; i < 4; i++)
		if (devs[i])
			devs[i]->name = name[i];
}
