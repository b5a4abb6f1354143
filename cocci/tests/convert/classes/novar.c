// SPDX-License-Identifier: GPL-2.0-only
/* The parameter's variable was renamed long ago; the MODULE_PARM stayed,
 * as the old macro never referenced it. */
#include <linux/module.h>

static int io = 0x280;
MODULE_PARM(io, "i");
MODULE_PARM(irq, "i");
MODULE_PARM_DESC(irq, "IRQ line (unused since 2.2.9)");

int init_module(void)
{
	return io ? 0 : -19;
}
