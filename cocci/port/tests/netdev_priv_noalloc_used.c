// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/netdevice.h>

/*
 * No allocation with a private area in the file: what dev->priv held
 * is decided elsewhere, so it stays for a person.
 */
struct sample_priv {
	int opened;
};

int sample_open(struct net_device *dev)
{
	struct sample_priv *sp = dev->priv;

	sp->opened++;
	return 0;
}
EXPORT_SYMBOL_GPL(sample_open);
MODULE_LICENSE("GPL");
