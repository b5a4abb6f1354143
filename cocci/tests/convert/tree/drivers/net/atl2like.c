/* atl2like.c: MODULE_PARM only in a macro body, like atl2.c in 6.1 */
#include <linux/module.h>

#ifndef module_param_array
#define DRV_PARAM(X, desc) \
	static const int X[4]; \
	MODULE_PARM(X, "1-4i"); \
	MODULE_PARM_DESC(X, desc);
#else
#define DRV_PARAM(X, desc) \
	static int X[4]; \
	module_param_array(X, int, NULL, 0);
#endif
