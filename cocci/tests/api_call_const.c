/* module_param_call handlers of before 2.6.36 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/kernel.h>

static int debug = 1;
static int trace;
static int mode = 2;

static int set_level(const char *val, struct kernel_param *kp);
static int get_level(char *buffer,
		     struct kernel_param *kp);

static int set_level(const char *val, struct kernel_param *kp)
{
	int ret = param_set_int(val, kp);

	if (!ret && *(int *)kp->arg > 7)
		return -EINVAL;
	return ret;
}

static int
get_level(char *buffer,
	  struct kernel_param *kp)
{
	return param_get_int(buffer, kp);
}

static int get_mode(char *buffer, struct kernel_param *kp)
{
	return sprintf(buffer, "mode %d", mode);
}

/* one handler pair for two parameters */
module_param_call(debug, set_level, get_level, &debug, 0644);
module_param_call(trace, set_level, get_level, &trace, 0644);
/* get-only */
module_param_call(mode, NULL, get_mode, &mode, 0444);
/* the kernel's own helpers need nothing */
module_param_call(plain, param_set_int, param_get_int, &mode, 0444);
