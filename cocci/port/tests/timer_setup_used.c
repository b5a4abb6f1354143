// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/timer.h>

/*
 * Cookies from_timer() cannot give: an index, and a callback that also
 * reads its argument as a number.  Both stay for a person.
 */
static struct timer_list ticks[2];
static int fired[2];

static void tick(unsigned long data)
{
	fired[data]++;
}

struct dev {
	struct timer_list t;
	unsigned long seen;
};

static struct dev *d0;

static void dev_tick(unsigned long data)
{
	struct dev *d = (struct dev *)data;

	d->seen = data;
}

static int __init ticks_init(void)
{
	setup_timer(&ticks[0], tick, 0);
	setup_timer(&ticks[1], tick, 1);
	setup_timer(&d0->t, dev_tick, (unsigned long)d0);
	return 0;
}

module_init(ticks_init);
MODULE_LICENSE("GPL");
