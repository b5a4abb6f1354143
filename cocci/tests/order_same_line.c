/* the declaration and the MODULE_PARM on one line: the variable is
 * declared before the site */
#include <linux/module.h>

static int debug = 1; MODULE_PARM(debug, "i");
static int irq;
MODULE_PARM(irq, "i");
