/* gscd.c: alias, a two-value minimum, a left-over range */
#include <linux/module.h>

static short gscd = 0x340;
#define gscd_port gscd
MODULE_PARM(gscd_port, "h");

static int ports[4];
MODULE_PARM(ports, "2-4i");

static unsigned long speed = 9600;
MODULE_PARM(speed, "300-115200l");	/* a value range, meant */
