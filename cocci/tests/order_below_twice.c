/* declared below the site, in both branches of an #if: module_param goes
 * after the declaration in each branch, so that no configuration loses
 * the parameter */
#include <linux/module.h>

MODULE_PARM(nowayout, "i");
MODULE_PARM_DESC(nowayout, "watchdog cannot be stopped once started");

#ifdef CONFIG_WATCHDOG_NOWAYOUT
static int nowayout = 1;
#else
static int nowayout;
#endif
