/* lm75.c - an lm_sensors 2 chip driver (trimmed) */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/i2c-proc.h>

/* Insmod parameters */
SENSORS_INSMOD_1(lm75);

static int init = 1;
module_param(init, int, 0);
MODULE_PARM_DESC(init, "Set to zero to bypass chip initialization");
