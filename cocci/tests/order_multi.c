/* declared below, in a list of several variables: left, by hand */
#include <linux/module.h>

MODULE_PARM(speed, "i");

static int speed = 9600, bits = 8;
