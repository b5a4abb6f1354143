// SPDX-License-Identifier: GPL-2.0-only
#include <linux/module.h>
#include <linux/netdevice.h>
#include "wavelan.p.h"

static struct net_device *devs[4];

int init_module(void)
{
	int i;

	for (i = 0; i < 4 && io[i]; i++)
		devs[i]->name = name[i];	/* register_netdev fills it in */
	return 0;
}
