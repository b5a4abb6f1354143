// SPDX-License-Identifier: GPL-2.0
/* A setter that takes only its own words: the value check-load gives
 * it is refused, and the failure names this file's site. */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

static int fast;

static int set_mode(const char *val, struct kernel_param *kp)
{
	if (!strcmp(val, "fast"))
		fast = 1;
	else if (strcmp(val, "slow"))
		return -EINVAL;
	return 0;
}

module_param_call(mode, set_mode, NULL, &fast, 0200);
MODULE_LICENSE("GPL");
