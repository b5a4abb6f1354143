/* seed 011: drivers/char/mxser.c, verbose is an int (2006 made it bool) */
#include <linux/module.h>

#define MXSER_BOARDS	4

static int ioaddr[MXSER_BOARDS] = { 0, 0, 0, 0 };
static int ttymajor = MXSERMAJOR;
static int calloutmajor = MXSERCUMAJOR;
static int verbose = 0;

MODULE_AUTHOR("Casper Yang");
MODULE_PARM(ioaddr, "1-4i");
MODULE_PARM(ttymajor, "i");
MODULE_PARM(calloutmajor, "i");
MODULE_PARM(verbose, "i");
MODULE_LICENSE("GPL");
