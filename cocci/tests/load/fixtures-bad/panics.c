// SPDX-License-Identifier: GPL-2.0
/* A setter that brings the kernel down when it is given a value: the
 * guest panics while loading it; it is named with the console's last
 * lines and the modules after it are still loaded. */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>

static int crash;

static int set_crash(const char *val, struct kernel_param *kp)
{
	panic("modparm fixture: %s=%s\n", kp->name, val);
	return 0;
}

module_param_call(crash, set_crash, param_get_int, &crash, 0444);
MODULE_LICENSE("GPL");
