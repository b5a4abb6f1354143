/* the 2.4 kernels' side of a package built once per kernel version:
 * each directory has its own header, on the include path of its own
 * driver directory only */
#ifndef LINUX_VER_FIX_H
#define LINUX_VER_FIX_H

#define PARM_INT(VAR, INIT, PERM, DESC) \
	static int VAR = INIT; \
	module_param(VAR, int, PERM); \
	MODULE_PARM_DESC(VAR, DESC)

/* no file of the package uses these two, but their bodies fix the
 * variable's type: converted with PARM_INT, not left half done */
#define PARM_STR(VAR, INIT, PERM, DESC) \
	static char *VAR = INIT; \
	module_param(VAR, charp, PERM); \
	MODULE_PARM_DESC(VAR, DESC)

#define PARM_ULONG(VAR, INIT, PERM, DESC) \
	static unsigned long VAR = INIT; \
	module_param(VAR, ulong, PERM); \
	MODULE_PARM_DESC(VAR, DESC)

#endif
