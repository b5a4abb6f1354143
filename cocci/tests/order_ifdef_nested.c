/* declared under a condition that the site tests again one level deeper,
 * inside '#ifdef MODULE': the variable exists in every configuration in
 * which the site is compiled, so module_param takes the MODULE_PARM's
 * place and stays inside both #ifs (a built-in kernel gets no parameter),
 * its comment with it */
#include <linux/module.h>

#ifdef ACX_DEBUG
int debug = 1;
#endif

#ifdef MODULE
#ifdef ACX_DEBUG
MODULE_PARM(debug, "i"); /* debug level */
#endif
MODULE_LICENSE("GPL");
#endif

#ifndef CONFIG_ACX_NOPROBE
static int probe = 1;
#endif

#ifdef MODULE
#if CONFIG_ACX_PORTS > 1
#ifndef CONFIG_ACX_NOPROBE
MODULE_PARM(probe, "i");
#endif
#endif
#endif
