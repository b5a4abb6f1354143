// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/timer.h>

/*
 * One callback for two timers of an object: from_timer() must name the
 * field, and either name gives the other timer a wrong object.
 */
struct dev {
	unsigned long seen;
	struct timer_list rx;
	struct timer_list tx;
};

static struct dev *d0;

static void either_fn(unsigned long data)
{
	struct dev *d = (struct dev *)data;

	d->seen++;
}

static int __init dev_init(void)
{
	struct dev *d = d0;

	init_timer(&d->rx);
	d->rx.function = either_fn;
	d->rx.data = (unsigned long)d;
	init_timer(&d->tx);
	d->tx.function = either_fn;
	d->tx.data = (unsigned long)d;
	return 0;
}

module_init(dev_init);
MODULE_LICENSE("GPL");
