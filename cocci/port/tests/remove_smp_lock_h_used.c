// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/smp_lock.h>

static int count;

static int __init t_init(void)
{
	lock_kernel();
	count++;
	unlock_kernel();
	return 0;
}
module_init(t_init);
MODULE_LICENSE("GPL");
