/* half converted in the 2.6 days, when MODULE_PARM and module_param
 * worked side by side: the MODULE_PARM of a variable that has its
 * module_param already goes, as a second one would define the parameter
 * twice; one in a #define body or a branch never compiled with the site
 * does not count */
#include <linux/module.h>

static int debug;
module_param(debug, int, 0644);
MODULE_PARM(debug, "i");
MODULE_PARM_DESC(debug, "debug level");

#define PARAM(x) \
	module_param(x, int, 0);
static int speed;
MODULE_PARM(speed, "i");

#ifdef MODULE
static int irq;
#else
static int irq = 5;
module_param(irq, int, 0);
#endif

#ifdef MODULE
MODULE_PARM(irq, "i");
#endif
