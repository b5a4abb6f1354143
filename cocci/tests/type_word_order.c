/* the words of an integer type in any order, as C allows */
#include <linux/module.h>

static long unsigned int timeout = 100;
static int unsigned mask;
static short unsigned port;
static long signed delta;
static char unsigned level;
static int long big[4];

MODULE_PARM(timeout, "l");
MODULE_PARM(mask, "i");
MODULE_PARM(port, "h");
MODULE_PARM(delta, "l");
MODULE_PARM(level, "b");
MODULE_PARM(big, "1-4l");
