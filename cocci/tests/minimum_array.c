/* a minimum count above 1: module_param_array, as upstream converted it;
 * the minimum is dropped with a diagnostic (keep_minimum keeps it) */
#include <linux/module.h>

static int irqs[4];
MODULE_PARM(irqs, "2-4i");
MODULE_PARM_DESC(irqs, "two to four IRQs");
