/* helpers 2.6.36 made static, and prototypes copied from the 2.6 header */
#include <linux/module.h>
#include <linux/moduleparam.h>

extern int param_set_int(const char *val, struct kernel_param *kp);
int param_get_int(char *buffer, struct kernel_param *kp);

static int set_ports(const char *val, const struct kernel_param *kp)
{
	int err = param_array_set(val, kp);

	return err;
}

static int get_ports(char *buffer, const struct kernel_param *kp)
{
	return param_array_get(buffer, kp);
}

static int ports[4];
static struct kparam_array ports_arr = { .max = 4, .elemsize = sizeof(int),
					 .ops = &param_ops_int, .elem = ports };
module_param_call(ports, set_ports, get_ports, &ports_arr, 0444);
