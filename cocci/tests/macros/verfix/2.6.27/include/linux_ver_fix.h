/* the 2.6 kernels' side: module_param already */
#ifndef LINUX_VER_FIX_H
#define LINUX_VER_FIX_H

#define PARM_INT(VAR, INIT, PERM, DESC) \
	static int VAR = INIT; \
	module_param(VAR, int, PERM); \
	MODULE_PARM_DESC(VAR, DESC)

#define PARM_STR(VAR, INIT, PERM, DESC) \
	static char *VAR = INIT; \
	module_param(VAR, charp, PERM); \
	MODULE_PARM_DESC(VAR, DESC)

#endif
