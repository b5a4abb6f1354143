/* two generated setters in one file: every generated function is followed
 * by a blank line (kernel style, checkpatch) */
#include <linux/module.h>

static int irqs[4];
MODULE_PARM(irqs, "2-4i");
MODULE_PARM_DESC(irqs, "two to four IRQs");

static short ports[3];
MODULE_PARM(ports, "3h");
MODULE_PARM_DESC(ports, "exactly three ports");
