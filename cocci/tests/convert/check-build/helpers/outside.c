// SPDX-License-Identifier: GPL-2.0
/*
 * A 2.6 driver that calls the array helpers from its own code, not from
 * a module_param_call handler: the calls become param_array_ops.set/.get
 * and their functions are built.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>

static int ports[4];
static unsigned int nports;
static struct kparam_array ports_arr = {
	.max = 4, .elemsize = sizeof(int), .num = &nports,
	.ops = &param_ops_int, .elem = ports,
};

static int show_ports(char *buf)
{
	struct kernel_param kp = { .name = "ports" };

	kp.arr = &ports_arr;
	return param_array_get(buf, &kp);
}

int drv_set_ports(const char *val, char *buf)
{
	struct kernel_param kp = { .name = "ports" };

	kp.arr = &ports_arr;
	return param_array_set(val, &kp) + show_ports(buf);
}
MODULE_LICENSE("GPL");
