/*
 * One wrapper defined twice, differently, under #if: each use sees
 * both, and each definition is converted with its own type.
 */
#include <linux/module.h>

#ifdef CONFIG_WIDE_PARAMS
#define DRV_PARM(n, v) static long n = v; MODULE_PARM(n, "l")
#else
#define DRV_PARM(n, v) static int n = v; MODULE_PARM(n, "i")
#endif

DRV_PARM(width, 640);
DRV_PARM(height, 480);
