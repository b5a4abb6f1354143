#include <linux/module.h>

static int debug;

#ifdef MODULE
MODULE_PARM(debug, "i");
MODULE_PARM_DESC(debug, "debug level (0-6)");
#endif
