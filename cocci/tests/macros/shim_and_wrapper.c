/*
 * A driver written for 2.6 that still built on 2.4: a reverse shim maps
 * module_param onto MODULE_PARM where there is no module_param, and an
 * older part of it still declares parameters through its own wrapper.
 * The shim goes (its #ifndef keeps it from every kernel that has
 * module_param); the wrapper is converted.
 */
#include <linux/module.h>
#include <linux/init.h>

#ifndef module_param
#define module_param(x, y, z) MODULE_PARM(x, "i")
#endif

#define DRV_INT(n, v) static int n = v; MODULE_PARM(n, "i")

static int debug;
module_param(debug, int, 0);
MODULE_PARM_DESC(debug, "debug level");
static int speed = 9600;
module_param(speed, int, 0);
DRV_INT(retries, 3);
DRV_INT(timeout, 100);

static int __init drv_init(void)
{
	return debug + speed + retries + timeout ? 0 : 0;
}
module_init(drv_init);
