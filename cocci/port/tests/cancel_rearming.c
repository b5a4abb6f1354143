// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/workqueue.h>

static struct workqueue_struct *wq;
static struct delayed_work poll;
static struct delayed_work other;

static void poll_fn(struct work_struct *w)
{
	queue_delayed_work(wq, &poll, HZ);
}

void t_stop(void)
{
	cancel_rearming_delayed_workqueue(wq, &poll);
	cancel_rearming_delayed_work(&other);
}
EXPORT_SYMBOL(t_stop);

void t_start(void)
{
	INIT_DELAYED_WORK(&poll, poll_fn);
	INIT_DELAYED_WORK(&other, poll_fn);
}
EXPORT_SYMBOL(t_start);
MODULE_LICENSE("GPL");
