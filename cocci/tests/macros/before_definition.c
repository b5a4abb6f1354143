/*
 * A wrapper used above its #define: the preprocessor does not expand it
 * there (the use never declared a parameter); the use below is converted.
 */
#include <linux/module.h>

DRV_PARM(early, 1);

#define DRV_PARM(n, v) static int n = v; MODULE_PARM(n, "i")

DRV_PARM(late, 2);
