/* an __initdata parameter with a sysfs file (-D perm=0444) */
#include <linux/module.h>

static int debug __initdata = 0;
MODULE_PARM(debug, "i");
