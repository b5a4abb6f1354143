/* declared under a condition that is tested again around the site: the
 * variable exists wherever the site is compiled */
#include <linux/module.h>

#ifndef CONFIG_CHANDEV
static int noauto;
#endif

static int other;

#ifndef CONFIG_CHANDEV
MODULE_PARM(noauto, "i");
#endif
