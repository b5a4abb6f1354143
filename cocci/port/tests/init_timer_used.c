// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/timer.h>

/*
 * Timers from_timer() cannot serve, each kept by one guard of
 * init_timer.cocci: all stay for a person.
 */
struct dev {
	unsigned long seen;
	struct timer_list by_index;	/* cookie: a number */
	struct timer_list by_other;	/* cookie: another object */
	struct timer_list reader;	/* callback reads its argument */
	struct timer_list called;	/* callback also called directly */
	struct timer_list late;		/* .function stored apart */
	struct timer_list named_t;	/* callback uses a global t */
};

static struct dev *d0, *d1;
static int t;

static void by_index_fn(unsigned long data)
{
	struct dev *d = (struct dev *)data;

	d->seen++;
}

static void by_other_fn(unsigned long data)
{
	struct dev *d = (struct dev *)data;

	d->seen++;
}

static void reader_fn(unsigned long data)
{
	struct dev *d = (struct dev *)data;

	d->seen = data;
}

static void called_fn(unsigned long data)
{
	struct dev *d = (struct dev *)data;

	d->seen++;
}

static void late_fn(unsigned long data)
{
	struct dev *d = (struct dev *)data;

	d->seen++;
}

static void named_t_fn(unsigned long data)
{
	struct dev *d = (struct dev *)data;

	d->seen += t;
}

static int __init dev_init(void)
{
	struct dev *d = d0;

	init_timer(&d->by_index);
	d->by_index.function = by_index_fn;
	d->by_index.data = 0;

	init_timer(&d->by_other);
	d->by_other.function = by_other_fn;
	d->by_other.data = (unsigned long)d1;

	init_timer(&d->reader);
	d->reader.function = reader_fn;
	d->reader.data = (unsigned long)d;

	init_timer(&d->called);
	d->called.function = called_fn;
	d->called.data = (unsigned long)d;
	called_fn((unsigned long)d);

	init_timer(&d->late);
	d->late.data = (unsigned long)d;
	d->seen = 0;
	d->late.function = late_fn;

	init_timer(&d->named_t);
	d->named_t.function = named_t_fn;
	d->named_t.data = (unsigned long)d;
	return 0;
}

module_init(dev_init);
MODULE_LICENSE("GPL");
