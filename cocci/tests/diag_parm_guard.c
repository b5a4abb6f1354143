/* MODULE_PARMs guarded by #ifdef MODULE_PARM, no module_param in an #else:
 * converted, and the guard named, as no kernel without MODULE_PARM would
 * compile the new lines */
#include <linux/module.h>

static int ports[8];
static int verbose;
static char *label = "x";

#ifdef MODULE_PARM
MODULE_PARM(ports, "1-8i");
MODULE_PARM(verbose, "i");
#endif

#if !defined(MODULE_PARM)
#else
MODULE_PARM(label, "s");
#endif

/* a branch for old kernels only, with no module_param in its #else */
static int speed = 9600;
static int legacy;
#if LINUX_VERSION_CODE < KERNEL_VERSION(2,6,0)
MODULE_PARM(speed, "i");
#endif
#if LINUX_VERSION_CODE >= 0x020600
#else
MODULE_PARM(legacy, "i");
#endif
/* one for new kernels stays quiet */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(2,4,0)
MODULE_PARM(label2, "s");
#endif
static char *label2;
