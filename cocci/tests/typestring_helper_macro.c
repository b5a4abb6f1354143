/* type strings built by the driver's own stringifying macros, as the
 * i2c sensor drivers did ("1-" #x "h" through a second macro, so that
 * the count's value, not its name, is stringified) */
#include <linux/module.h>

#define MAX_OPTS 48
#define PARM_AUX1(x) "1-" #x "h"
#define PARM_AUX(x) PARM_AUX1(x)
#define PARM_TYPE PARM_AUX(MAX_OPTS)
#define RANGE(lo, hi, l) STR(lo) "-" STR(hi) #l
#define STR(x) #x

static unsigned short probe[MAX_OPTS];
MODULE_PARM(probe, PARM_TYPE);
static short force[MAX_OPTS];
MODULE_PARM(force, PARM_AUX(MAX_OPTS));
static int irq[4];
MODULE_PARM(irq, RANGE(1, 4, i));
/* one level only: #x is the name, no type string */
static short ignore[MAX_OPTS];
MODULE_PARM(ignore, PARM_AUX1(MAX_OPTS));
