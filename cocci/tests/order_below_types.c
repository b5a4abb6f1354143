/* declared below the site with another type in each branch of an #if:
 * one module_param line would have the wrong type in one configuration,
 * so each declaration keeps its own line, with its own type, and a note
 * says why */
#include <linux/module.h>

MODULE_PARM(timeout, "l");

#ifdef CONFIG_FOO_LONG_TIMEOUT
static long timeout = 100000;
#else
static int timeout = 100;
#endif
