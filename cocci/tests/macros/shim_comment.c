/*
 * A reverse shim removed with the comment that describes it alone; the
 * comment of the next block, and one that heads a shim and other code,
 * stay.
 */
#include <linux/module.h>

/* 2.4 has no module_param: map it onto MODULE_PARM */
#ifndef module_param
#define module_param(x, y, z) MODULE_PARM(x, "i")
#endif

/* kernels without MODULE_PARM_DESC */
#ifndef MODULE_PARM_DESC
#define MODULE_PARM_DESC(x, y)
#endif

/* compatibility with 2.4: no module_param_string, no MODULE_LICENSE */
#ifndef module_param_string
#define module_param_string(n, s, l, p) MODULE_PARM(s, "c" #l)
#endif
#ifndef MODULE_LICENSE
#define MODULE_LICENSE(x)
#endif

static int debug;
module_param(debug, int, 0);
MODULE_PARM_DESC(debug, "debug level");
