/* MODULE_PARMs under #ifdef MODULE_PARM, some of them in an #if of their
 * own inside it: spatch converts them in place; the converter then drops
 * the guard and keeps the inner #if (convert/parm_guard_nested.conv) */
#include <linux/module.h>

static int io[4];
static int depth = 8;

#ifdef MODULE_PARM

#ifdef CONFIG_ISA
MODULE_PARM(io, "1-4i");
MODULE_PARM_DESC(io, "I/O ports");
#endif

MODULE_PARM(depth, "i");
MODULE_PARM_DESC(depth, "queue depth");
#endif

int probe(void)
{
	return io[0] + depth;
}
