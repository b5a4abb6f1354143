/* MODULE_PARM in a macro body (like atl2.c in 6.1): not converted, noted
 * by modparm-convert; spatch sees no site */
#include <linux/module.h>

#define DRV_PARAM(X, desc) \
	static int X[4]; \
	MODULE_PARM(X, "1-4i"); \
	MODULE_PARM_DESC(X, desc);
