/* -D perm=0444 (modparm-convert --perm 0444) */
#include <linux/module.h>

static int debug;
static int io[2];
static char name[16];
MODULE_PARM(debug, "i");
MODULE_PARM(io, "1-2i");
MODULE_PARM(name, "c16");
