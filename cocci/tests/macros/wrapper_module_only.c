/*
 * A wrapper defined for modules only, empty for a built-in driver (the
 * old macro meant nothing there).  Its uses need different lines (an int
 * and a charp), so each is replaced by its converted expansion; with
 * the last use gone, the #if block of its two definitions goes too.
 * module_param works built in as well, as the driver's name.param=.
 */
#include <linux/module.h>

#ifdef MODULE
#define PARM(v, t)	MODULE_PARM(v, t)
#else
#define PARM(v, t)
#endif

static int io = 0x300;
static char *name = "x";
PARM(io, "i");
PARM(name, "s");

#ifdef MODULE
/* a block that holds more than the wrapper stays */
#define OPT(v)	MODULE_PARM(v, "i")
#define OPT_DEBUG 1
#else
#define OPT(v)
#endif

static int irq = 5;
static char *mode;
OPT(irq);
MODULE_PARM(mode, "s");
