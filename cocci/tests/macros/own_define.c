/*
 * A driver that also builds a table of its parameters for a user-space
 * tool: after it defines MODULE_PARM itself, under no #if, the calls
 * fill that table and are no kernel parameters (not counted, left).  The
 * MODULE_PARM above that #define is the kernel's, and one whose #define
 * is a stub for kernels without MODULE_PARM (under a version test) stays
 * the kernel's too.
 */
#include <linux/module.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE < 0x20100
#define MODULE_PARM(x, y)
#endif

static int debug;
MODULE_PARM(debug, "i");

struct parm_entry {
	void *addr;
	const char *type;
};

#undef MODULE_PARM
#define MODULE_PARM(x, t) { &x, t },

int rate, depth;
static struct parm_entry parm_table[] = {
MODULE_PARM(rate, "i")
MODULE_PARM(depth, "i")
};
