/* the parameter name is a #define alias of the variable */
#include <linux/module.h>

static short gscd = GSCD_BASE_ADDR;
#define gscd_port gscd
MODULE_PARM(gscd_port, "h");
