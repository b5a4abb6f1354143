/* reverse alias: the declared name is #defined to the parameter's name,
 * so the preprocessor makes the declaration that of 'debug' */
#include <linux/module.h>

#define vortex_debug debug
static int vortex_debug = 1;

MODULE_PARM(debug, "i");
MODULE_PARM_DESC(debug, "debug level");
