// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/smp_lock.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(lock);
static int count;

static int __init t_init(void)
{
	mutex_lock(&lock);
	count++;
	mutex_unlock(&lock);
	return 0;
}
module_init(t_init);
MODULE_LICENSE("GPL");
