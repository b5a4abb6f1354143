/* MODULE_PARMs under #ifdef MODULE above declarations in both branches
 * of a later '#ifdef MODULE' / '#else' (msnd_pinnacle in 2.4): the lines
 * follow the module branch's declarations only; the built-in branch
 * never had the parameters, and a line after the #endif would give the
 * built-in driver boot parameters it did not have */
#include <linux/module.h>
#include <linux/init.h>

#ifdef MODULE
MODULE_PARM(io, "i");
MODULE_PARM(write_ndelay, "i");
#endif

#ifdef MODULE
static int io __initdata = -1;
static int write_ndelay __initdata = -1;
#else
static int io __initdata = 0x290;
static int write_ndelay __initdata = 1;
#endif

static int __init probe(void)
{
	return io + write_ndelay ? 0 : -ENODEV;
}
module_init(probe);
