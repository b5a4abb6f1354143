// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/config.h>

#ifdef CONFIG_SMP
static int smp = 1;
#else
static int smp;
#endif
module_param(smp, int, 0444);
MODULE_LICENSE("GPL");
