// SPDX-License-Identifier: GPL-2.0
#include <linux/config.h>
#include <linux/module.h>
#include <linux/version.h>
#include <linux/semaphore.h>

#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 6, 26)
#include <asm/semaphore.h>
#endif

static DECLARE_MUTEX(loaddrv_lock);
static struct semaphore loaddrv_ready;
static int opened;

static int __init loaddrv_init(void)
{
	init_MUTEX_LOCKED(&loaddrv_ready);
	down(&loaddrv_lock);
	opened++;
	up(&loaddrv_lock);
	up(&loaddrv_ready);
	/* init_MUTEX_LOCKED started it at 0: one up, one down */
	if (down_trylock(&loaddrv_ready))
		return -EINVAL;
	return down_trylock(&loaddrv_ready) ? 0 : -EINVAL;
}

static void __exit loaddrv_exit(void)
{
}

module_init(loaddrv_init);
module_exit(loaddrv_exit);
MODULE_LICENSE("GPL");
