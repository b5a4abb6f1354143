// SPDX-License-Identifier: GPL-2.0
/*
 * A 2.6.3x driver whose helper call sits beside a flag 2.6.37 removed
 * (KPARAM_ISBOOL): the call is converted, and its function does not
 * build on 6.1.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>

static int modes[2];
static unsigned int nmodes;
static struct kparam_array modes_arr = {
	.max = 2, .elemsize = sizeof(int), .num = &nmodes,
	.ops = &param_ops_int, .elem = modes,
};

int drv_set_modes(const char *val)
{
	struct kernel_param kp = { .name = "modes" };

	kp.arr = &modes_arr;
	kp.flags = KPARAM_ISBOOL;
	return param_array_set(val, &kp);
}
MODULE_LICENSE("GPL");
