/* lm75.c - an lm_sensors 2 chip driver (trimmed) */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/i2c-proc.h>

/* Insmod parameters */
SENSORS_INSMOD_1(lm75);

static int init = 1;
MODULE_PARM(init, "i");
MODULE_PARM_DESC(init, "Set to zero to bypass chip initialization");
