// SPDX-License-Identifier: GPL-2.0
/*
 * A module whose init fails: qemu/load-modules.sh must report it as not
 * loaded, with the kernel's own words.
 */
#include <linux/module.h>

static int __init lm_refuse_init(void)
{
	pr_info("lm_refuse: no device here, refusing to load\n");
	return -ENODEV;
}

module_init(lm_refuse_init);
MODULE_DESCRIPTION("A module that refuses to load, for qemu/load-modules.sh");
MODULE_LICENSE("GPL");
