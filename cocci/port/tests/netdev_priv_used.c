// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/slab.h>

/*
 * The driver keeps an area of its own in dev->priv: netdev_priv(dev)
 * would be the (empty) area after the struct, not this one, so nothing
 * is renamed.
 */
struct sample_priv {
	int opened;
};

static struct net_device *sample_dev;

static int sample_open(struct net_device *dev)
{
	struct sample_priv *sp = dev->priv;

	sp->opened++;
	return 0;
}

static const struct net_device_ops sample_ops = {
	.ndo_open = sample_open,
};

static int __init sample_init(void)
{
	sample_dev = alloc_etherdev(sizeof(int));
	if (!sample_dev)
		return -ENOMEM;
	sample_dev->priv = kzalloc(sizeof(struct sample_priv), GFP_KERNEL);
	sample_dev->netdev_ops = &sample_ops;
	return 0;
}

static void __exit sample_exit(void)
{
	kfree(sample_dev->priv);
	free_netdev(sample_dev);
}

module_init(sample_init);
module_exit(sample_exit);
MODULE_LICENSE("GPL");
