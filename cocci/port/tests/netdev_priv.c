// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>

/*
 * The private area alloc_etherdev() allocated: dev->priv was
 * netdev_priv(dev).  Another struct's priv is no net_device's.
 */
struct sample_priv {
	int opened;
	void *priv;
};

static struct net_device *sample_dev;

static int sample_open(struct net_device *dev)
{
	struct sample_priv *sp = dev->priv;

	sp->opened++;
	return sp->priv ? 0 : -ENODEV;
}

static int sample_stop(struct net_device *dev)
{
	((struct sample_priv *)dev->priv)->opened--;
	return 0;
}

static const struct net_device_ops sample_ops = {
	.ndo_open = sample_open,
	.ndo_stop = sample_stop,
};

static int __init sample_init(void)
{
	sample_dev = alloc_etherdev(sizeof(struct sample_priv));
	if (!sample_dev)
		return -ENOMEM;
	sample_dev->netdev_ops = &sample_ops;
	memset(sample_dev->priv, 0, sizeof(struct sample_priv));
	return 0;
}

static void __exit sample_exit(void)
{
	free_netdev(sample_dev);
}

module_init(sample_init);
module_exit(sample_exit);
MODULE_LICENSE("GPL");
