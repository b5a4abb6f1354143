/* a generated setter (keep_minimum) for an array declared with a
 * scalar, both below their MODULE_PARMs: the setter's block and the
 * scalar's line cannot both follow the declaration; one is left */
#include <linux/module.h>

MODULE_PARM(irqs, "2-4i");
MODULE_PARM(debug, "i");

static int debug, irqs[4];
