// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/workqueue.h>

/*
 * Work container_of() cannot serve, each kept by one guard of
 * init_work.cocci: all stay for a person.
 */
struct port {
	unsigned long seen;
	struct work_struct by_index;	/* data: a number */
	struct work_struct by_other;	/* data: another object */
	struct work_struct reader;	/* handler reads its argument */
	struct work_struct called;	/* handler also called directly */
	struct work_struct rx;		/* one handler, two works */
	struct work_struct tx;
	struct work_struct named;	/* handler uses a global work */
};

static struct port *p0, *p1;
static int work;

static void by_index_fn(void *data)
{
	struct port *p = data;

	p->seen++;
}

static void by_other_fn(void *data)
{
	struct port *p = data;

	p->seen++;
}

static void reader_fn(void *data)
{
	struct port *p = data;

	p->seen = (unsigned long)data;
}

static void called_fn(void *data)
{
	struct port *p = data;

	p->seen++;
}

static void either_fn(void *data)
{
	struct port *p = data;

	p->seen++;
}

static void named_fn(void *data)
{
	struct port *p = data;

	p->seen += work;
}

static int __init port_init(void)
{
	struct port *p = p0;

	INIT_WORK(&p->by_index, by_index_fn, (void *)1);
	INIT_WORK(&p->by_other, by_other_fn, p1);
	INIT_WORK(&p->reader, reader_fn, p);
	INIT_WORK(&p->called, called_fn, p);
	called_fn(p);
	INIT_WORK(&p->rx, either_fn, p);
	INIT_WORK(&p->tx, either_fn, p);
	INIT_WORK(&p->named, named_fn, p);
	return 0;
}

module_init(port_init);
MODULE_LICENSE("GPL");
