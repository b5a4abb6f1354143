#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 5, 0)
#define module_param(n, t, p)	MODULE_PARM(n, "i")
#define module_param_array(n, t, c, p)	MODULE_PARM(n, "1-8i")
#endif

#include <linux/slab.h>
