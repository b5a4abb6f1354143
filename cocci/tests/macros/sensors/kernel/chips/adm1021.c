/* adm1021.c - an lm_sensors 2 chip driver (trimmed): its own list of
 * parameters, without SENSORS_INSMOD_n */
#include <linux/module.h>
#include <linux/i2c-proc.h>

SENSORS_MODULE_PARM(probe, "List of adapter,address pairs to scan additionally");
SENSORS_MODULE_PARM(ignore, "List of adapter,address pairs not to scan");
SENSORS_MODULE_PARM_FORCE(adm1021);
SENSORS_MODULE_PARM_FORCE(adm1023);

static int read_only;
MODULE_PARM(read_only, "i");
