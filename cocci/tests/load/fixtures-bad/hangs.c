// SPDX-License-Identifier: GPL-2.0
/* A setter that never returns: insmod hangs, the guest is stopped at
 * its time-out, and the console names the module it was loading. */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/delay.h>

static int wait_for;

static int set_wait(const char *val, struct kernel_param *kp)
{
	for (;;)
		msleep(1000);
	return 0;
}

module_param_call(wait_for, set_wait, param_get_int, &wait_for, 0444);
MODULE_LICENSE("GPL");
