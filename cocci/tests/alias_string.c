/* an alias of a char array */
#include <linux/module.h>

static char station_name[32];
#define station station_name
MODULE_PARM(station, "c32");
