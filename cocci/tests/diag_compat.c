/* a driver for old and new kernels alike: the MODULE_PARM of the old
 * kernels' branch has its module_param in the other branch already, and
 * is left; a MODULE_PARM in both branches of another #if is converted */
#include <linux/module.h>
#include <linux/version.h>

static int debug;
static char *ifname;
static int speed = 100;
static int duplex;

#if LINUX_VERSION_CODE < KERNEL_VERSION(2,5,0)
MODULE_PARM(debug, "i");
MODULE_PARM(ifname, "s");
#else
module_param(debug, int, 0644);
module_param(ifname, charp, 0);
#endif
MODULE_PARM_DESC(debug, "debug level");

#ifdef module_param
module_param(speed, int, 0);
#else
MODULE_PARM(speed, "i");
#endif

#ifdef CONFIG_FOO_FULL
MODULE_PARM(duplex, "i");
#else
MODULE_PARM(duplex, "i");
#endif
