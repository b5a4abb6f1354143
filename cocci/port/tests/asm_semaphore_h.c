// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <asm/semaphore.h>

static struct semaphore sem;

static int __init t_init(void)
{
	sema_init(&sem, 1);
	down(&sem);
	up(&sem);
	return 0;
}
module_init(t_init);
MODULE_LICENSE("GPL");
