// SPDX-License-Identifier: GPL-2.0
/*
 * 2.4-era code that names its #endif (-Wendif-labels): no concern of the
 * parameter's.
 */
#include <linux/module.h>

static int io = 0x300;
static int irq = 5;
#ifdef MODULE
MODULE_PARM(io, "i");
MODULE_PARM(irq, "i");
#endif MODULE

int probe_card(void)
{
	return io + irq;
}
