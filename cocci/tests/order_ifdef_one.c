/* declared in one branch only of an #if that does not enclose the site:
 * module_param goes once, directly after that declaration; declared in
 * some of its branches (no #else): after each of them, so that no
 * configuration loses the parameter */
#include <linux/module.h>

#ifdef MODULE
static int io = 0x300;
#endif

#ifdef CONFIG_NOWAYOUT
static int nowayout = 1;
#elif defined(CONFIG_NOWAYOUT_SOFT)
static int nowayout = 2;
#endif

MODULE_PARM(io, "i");
MODULE_PARM(nowayout, "i");
