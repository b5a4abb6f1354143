// SPDX-License-Identifier: GPL-2.0
/*
 * A module whose init never returns: qemu/load-modules.sh must give its
 * insmod up after its limit, name it, and still load the modules after.
 */
#include <linux/module.h>
#include <linux/delay.h>

static int __init lm_hang_init(void)
{
	pr_info("lm_hang: waiting for ever\n");
	for (;;)
		msleep(1000);
	return 0;
}

module_init(lm_hang_init);
MODULE_DESCRIPTION("A module whose init never returns, for qemu/load-modules.sh");
MODULE_LICENSE("GPL");
