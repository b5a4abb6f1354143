// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/slab.h>

struct poller {
	int count;
	struct timer_list tick;
};

static struct poller *pl;

static void poller_tick(unsigned long data);

static void poller_tick(unsigned long data)
{
	struct poller *p = (struct poller *)data;

	p->count++;
	mod_timer(&p->tick, jiffies + HZ);
}

static int __init poller_init(void)
{
	pl = kzalloc(sizeof(*pl), GFP_KERNEL);
	if (!pl)
		return -ENOMEM;
	setup_timer(&pl->tick, poller_tick, (unsigned long)pl);
	mod_timer(&pl->tick, jiffies + HZ);
	return 0;
}

static void __exit poller_exit(void)
{
	del_timer_sync(&pl->tick);
	kfree(pl);
}

module_init(poller_init);
module_exit(poller_exit);
MODULE_LICENSE("GPL");
