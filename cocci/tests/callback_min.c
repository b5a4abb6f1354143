/* a minimum count above 1: no module_param_array equivalent, a generated
 * setter keeps the old "at least 2 values" check */
#include <linux/module.h>

static int irqs[4];
MODULE_PARM(irqs, "2-4i");
MODULE_PARM_DESC(irqs, "two to four IRQs");
