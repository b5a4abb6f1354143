/*
 * A reverse shim under no #if beside a wrapper of the driver's own: the
 * wrapper's converted line would call module_param, which the shim maps
 * back onto MODULE_PARM on every kernel.  Both are left, each use named
 * with the reason, until the shim is removed by hand.
 */
#include <linux/module.h>

#define module_param(x, y, z) MODULE_PARM(x, "i")
#define DRV_INT(n, v) static int n = v; MODULE_PARM(n, "i")

static int debug;
module_param(debug, int, 0);
DRV_INT(retries, 3);
