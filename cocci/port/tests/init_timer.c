// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/slab.h>

/*
 * A poller whose timer is set up by init_timer() and armed later, with
 * two callbacks taking turns: each gets its own object back.
 */
struct poller {
	int count;
	struct timer_list tick;
};

static struct poller *pl;

static void poller_slow(unsigned long data);

static void poller_fast(unsigned long data)
{
	struct poller *p = (struct poller *)data;

	p->count++;
	p->tick.function = poller_slow;
	mod_timer(&p->tick, jiffies + HZ);
}

static void poller_slow(unsigned long data)
{
	struct poller *p = (struct poller *)data;

	p->count += 2;
	p->tick.function = poller_fast;
	mod_timer(&p->tick, jiffies + 2 * HZ);
}

static void poller_start(struct poller *p)
{
	p->tick.data = (unsigned long)p;
	mod_timer(&p->tick, jiffies + HZ);
}

static int __init poller_init(void)
{
	struct poller *p = kzalloc(sizeof(*p), GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	init_timer(&p->tick);
	p->tick.data = (unsigned long)p;
	p->tick.function = poller_fast;
	pl = p;
	poller_start(p);
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
