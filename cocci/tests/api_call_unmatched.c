/* handlers whose type cannot be changed here, and no getter */
#include <linux/module.h>
#include <linux/moduleparam.h>

static int mode;
static int level;

#define set_mode param_set_int
static int (*level_hook)(const char *, struct kernel_param *);

static int set_level(const char *val, const struct kernel_param *kp)
{
	return param_set_int(val, kp);
}

module_param_call(mode, set_mode, param_get_int, &mode, 0);
module_param_call(hooked, level_hook, param_get_int, &level, 0);
module_param_call(elsewhere, set_elsewhere, param_get_int, &level, 0);
module_param_call(level, set_level, NULL, &level, 0200);
