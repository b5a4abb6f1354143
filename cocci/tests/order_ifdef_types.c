/* the #if branches declare the variable with different types: one
 * module_param line in place would have the wrong type in one of them,
 * so each declaration gets its own line, with its own type; a scalar in
 * one branch and an array in the other is left */
#include <linux/module.h>

#ifdef CONFIG_FOO_LONG
static long timeout = 100;
#else
static int timeout = 100;
#endif

#ifdef CONFIG_FOO_MANY
static int ports[4];
#else
static int ports;
#endif

#ifdef MODULE
MODULE_PARM(timeout, "i");
MODULE_PARM(ports, "i");
#endif
