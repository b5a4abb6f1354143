/* old code often declared the variable below its MODULE_PARM */
#include <linux/module.h>

MODULE_PARM(debug, "i");
MODULE_PARM_DESC(debug, "debug level");
MODULE_PARM(io, "1-4i");

static int debug = 1;
static int io[4] = { 0x300, 0, 0, 0 };
