// SPDX-License-Identifier: GPL-2.0
#include <linux/config.h>
#include <linux/module.h>
#include <linux/version.h>
#include <linux/smp_lock.h>
#include <linux/semaphore.h>
#include "olddrv.h"

static DECLARE_MUTEX(olddrv_lock);
static int users;

#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 6, 0)
#error "2.4 is not supported here"
#elif LINUX_VERSION_CODE < KERNEL_VERSION(2, 6, 19)
static int olddrv_version = 1;
#else
static int olddrv_version = 2;
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(2, 6, 10) && defined(CONFIG_OLDDRV_EXTRA)
static int olddrv_extra;
#endif

static int __init olddrv_init(void)
{
	down(&olddrv_lock);
	users = olddrv_version + olddrv_helper();
	up(&olddrv_lock);
	return 0;
}

static void __exit olddrv_exit(void)
{
}

module_init(olddrv_init);
module_exit(olddrv_exit);
MODULE_LICENSE("GPL");
