/* the init and exit sections of 2.6-era drivers, and an annotation on
 * another line of the declaration, with a sysfs file (-D perm=0444) */
#include <linux/module.h>

static int hotplug __cpuinitdata = 1;
static int early __initdata_or_module;
static int quiet __exitdata;
static int
io __initdata
= 0x300;
static int plain = 1;	/* not __initdata */

MODULE_PARM(hotplug, "i");
MODULE_PARM(early, "i");
MODULE_PARM(quiet, "i");
MODULE_PARM(io, "i");
MODULE_PARM(plain, "i");
