/*
 * A wrapper whose own arguments include the permission (its branch for
 * 2.6.9 and later passes it to module_param): the converted line of the
 * old branch takes it too, not the converter's default.  A wrapper with
 * no such argument gets the default.
 */
#include <linux/module.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(2,6,9)
#define PARM_INT(VAR, INIT, PERM, DESC) \
	static int VAR = INIT; \
	module_param(VAR, int, PERM); \
	MODULE_PARM_DESC(VAR, DESC)
#else
#define PARM_INT(VAR, INIT, PERM, DESC) \
	static int VAR = INIT; \
	MODULE_PARM(VAR, "i"); \
	MODULE_PARM_DESC(VAR, DESC)
#endif

#define PARM_LONG(VAR, INIT, perm) \
	static long VAR = INIT; \
	MODULE_PARM(VAR, "l")

#define PARM_QUIET(VAR, INIT) \
	static int VAR = INIT; \
	MODULE_PARM(VAR, "i")

PARM_INT(debug, 0, 0644, "debug level");
PARM_INT(rx_ring, 64, 0444, "receive ring size");
PARM_LONG(timeout, 100, S_IRUGO);
PARM_QUIET(quiet, 1);

/* uses that need different lines (int and unsigned int): each becomes
 * its converted expansion, with its own permission */
#define PARM_ANY(VAR, PERM) MODULE_PARM(VAR, "i")
static int count = 1;
static unsigned int mask = 3;
PARM_ANY(count, 0644);
PARM_ANY(mask, S_IRUGO);
