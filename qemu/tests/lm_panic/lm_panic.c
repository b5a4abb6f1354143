// SPDX-License-Identifier: GPL-2.0
/*
 * A module whose init panics the kernel: qemu/load-modules.sh must fail
 * it with the console's last lines and boot again for the modules after.
 */
#include <linux/module.h>
#include <linux/panic.h>

static int __init lm_panic_init(void)
{
	panic("lm_panic: on purpose");
	return 0;
}

module_init(lm_panic_init);
MODULE_DESCRIPTION("A module that panics the kernel, for qemu/load-modules.sh");
MODULE_LICENSE("GPL");
