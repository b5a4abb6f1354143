/*
 * Parameters declared const through the driver's own wrappers: the old
 * kernel wrote their values into read-only data, module_param's type
 * check rejects a const variable.  The converter drops the const from
 * the declaration the #define writes, as upstream did (3c515's
 * rx_copybreak, a plain const), and from a plain declaration
 * (modparm_const.cocci).
 */
#include <linux/module.h>

#define X_PARAM(n, v) static const int n = v; MODULE_PARM(n, "i")
#define X_STR_PARAM(name, def) \
	static const char *name = def; \
	MODULE_PARM(name, "s")

X_PARAM(rx_copybreak, 200);
X_PARAM(max_interrupt_work, 20);
X_STR_PARAM(media, "auto");

static const int full_duplex = 0;
MODULE_PARM(full_duplex, "i");
