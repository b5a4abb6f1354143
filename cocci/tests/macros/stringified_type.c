/*
 * The i2c sensor drivers' wrapper, whose type string is built by
 * stringifying macros: MODPARM_AUX1(x) stringifies its argument, and
 * MODPARM_AUX, one level above, has cpp expand MAX_OPTS first, so the
 * type is "1-48h".  The wrapper is converted as upstream's
 * I2C_CLIENT_MODULE_PARM was: module_param_array of its ushort array.
 */
#include <linux/module.h>

#define MAX_OPTS 48
#define SENSOR_END 0xfffe
#define SENSOR_DEFAULTS {[0 ... MAX_OPTS - 1] = SENSOR_END}
#define MODPARM_AUX1(x) "1-" #x "h"
#define MODPARM_AUX(x) MODPARM_AUX1(x)
#define MODPARM MODPARM_AUX(MAX_OPTS)

#define SENSOR_PARM(var, desc) \
	static unsigned short var[MAX_OPTS] = SENSOR_DEFAULTS; \
	MODULE_PARM(var, MODPARM); \
	MODULE_PARM_DESC(var, desc)

SENSOR_PARM(probe, "adapter,address pairs to scan additionally");
SENSOR_PARM(ignore, "adapter,address pairs not to scan");
