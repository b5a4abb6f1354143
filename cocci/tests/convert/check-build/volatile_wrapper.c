/*
 * Parameters declared through wrapper macros, one of which declares its
 * variable volatile: module_param's type check discards the qualifier,
 * so each use of that macro fails to build (named at its line), and the
 * use of the other macro builds.
 */
#include <linux/module.h>

#define VOLATILE_PARM(n, v) static volatile int n = v; MODULE_PARM(n, "i")
#define INT_PARM(n, v) static int n = v; MODULE_PARM(n, "i")

VOLATILE_PARM(ready, 0);
INT_PARM(speed, 10);
VOLATILE_PARM(busy, 1);
