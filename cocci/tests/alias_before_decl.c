/* the alias is defined before the declaration that uses it: the
 * declaration declares the target, under the MODULE_PARM's name */
#include <linux/module.h>

#define azt_port aztcd		/* needed for the modutils */

static int azt_port = 0x320;

MODULE_PARM(azt_port, "i");
