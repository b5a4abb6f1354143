/* seed 011: drivers/net/cassini.c, variables declared below their
 * MODULE_PARM: module_param goes after the declaration */
#include <linux/module.h>

MODULE_LICENSE("GPL");
MODULE_PARM(cassini_debug, "i");
MODULE_PARM_DESC(cassini_debug, "Cassini bitwise debug (0-31)");
MODULE_PARM(link_mode, "i");
MODULE_PARM_DESC(link_mode, "default link mode");

static int cassini_debug = -1;	/* -1 == use CAS_DEF_MSG_ENABLE as value */
static int link_mode;
