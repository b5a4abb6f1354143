/* parameters defined in the driver's own header (a quote #include) */
#include <linux/module.h>
#include "header_static.h"

MODULE_PARM(speed_duplex, "1-" __MODULE_STRING(MAX_UNITS) "i");
MODULE_PARM(debug, "i");
