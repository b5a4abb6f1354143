/* a prototype as 6.1 declares it stays; the 2.6 one on two lines goes */
#include <linux/module.h>
#include <linux/moduleparam.h>

int param_set_int(const char *val, const struct kernel_param *kp);
int param_get_int(char *buffer,
		  struct kernel_param *kp);
static int level;
module_param_call(level, param_set_int, param_get_int, &level, 0444);
