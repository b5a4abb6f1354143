/* version tests, two-way and three-way ending in MODULE_PARM */
#include <linux/module.h>
#include <linux/version.h>
#include <linux/moduleparam.h>

static int debug[8];
static int num_debug;
static int speed[4];
static int num_speed;

#if LINUX_VERSION_CODE > KERNEL_VERSION(2,6,9)
module_param_array(debug, int, &num_debug, 0644);
#else
module_param_array(debug, int, num_debug, 0644);
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(2,6,10)
module_param_array(speed, int, &num_speed, 0);
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(2,6,0)
module_param_array(speed, int, num_speed, 0);
#else
MODULE_PARM(speed, "1-4i");
#endif
