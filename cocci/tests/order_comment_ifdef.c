/* a MODULE_PARM first in its '#ifdef MODULE' block, with a trailing
 * comment, moved below its declaration: spatch glues the comment onto
 * the '#ifdef MODULE' line; modparm-convert gives it back to the
 * module_param line and drops the block left empty
 * (convert/order_comment_ifdef.conv) */
#include <linux/module.h>

#ifdef MODULE
MODULE_PARM(debug, "i"); /* debug level */
#endif

static int debug = 1;
