/* modern.c: mentions MODULE_PARM only in a comment */
#include <linux/module.h>

static int debug;	/* was MODULE_PARM(debug, "i") */
module_param(debug, int, 0);
