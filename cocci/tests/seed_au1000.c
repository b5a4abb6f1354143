/* seed 011: sound/oss/au1000.c, vra is an int (2006 made it bool) */
#include <linux/module.h>

static int vra = 0;	// 0 = no VRA, 1 = use VRA if codec supports it
MODULE_PARM(vra, "i");
MODULE_PARM_DESC(vra, "if 1 use VRA if codec supports it");
