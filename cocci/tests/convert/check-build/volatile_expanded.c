/*
 * A wrapper whose uses need different module_param lines (an int, a
 * long), so that each use is replaced by its own converted lines; one of
 * its variables is volatile, which module_param's type check rejects:
 * that use fails to build (named at its line), the other two build.
 */
#include <linux/module.h>

#define MIXED(x) MODULE_PARM(x, "i")

static int speed;
static long limit;
static volatile int ready;

MIXED(speed);
MIXED(limit);
MIXED(ready);
