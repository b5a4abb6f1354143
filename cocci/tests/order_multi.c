/* declared below, in a list of several variables: module_param follows the
 * whole declaration */
#include <linux/module.h>

MODULE_PARM(speed, "i");

static int speed = 9600, bits = 8;
