// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/semaphore.h>

static DECLARE_MUTEX(a_lock);

struct s {
	struct semaphore sem;
	struct semaphore done;
};

static struct s one;

static int __init t_init(void)
{
	init_MUTEX(&one.sem);
	init_MUTEX_LOCKED(&one.done);
	down(&a_lock);
	down(&one.sem);
	up(&one.done);
	up(&one.sem);
	up(&a_lock);
	return down_trylock(&one.done);
}
module_init(t_init);
MODULE_LICENSE("GPL");
