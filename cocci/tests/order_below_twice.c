/* declared below the site, in both branches of an #if: spatch adds
 * module_param after the declaration in each branch, so that no
 * configuration loses the parameter; modparm-convert puts one line after
 * the #endif instead (convert/order_below_twice.conv) */
#include <linux/module.h>

MODULE_PARM(nowayout, "i");
MODULE_PARM_DESC(nowayout, "watchdog cannot be stopped once started");

#ifdef CONFIG_WATCHDOG_NOWAYOUT
static int nowayout = 1;
#else
static int nowayout;
#endif
