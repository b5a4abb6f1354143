// SPDX-License-Identifier: GPL-2.0-only
/*
 * 2.4 joystick drivers: the parameter arrays are __initdata (read once
 * by the init function) and need at least two values.  With
 * --keep-minimum the generated struct kparam_array in .data points at
 * them; modpost accepts such a reference from a __param* symbol only.
 */
#include <linux/module.h>
#include <linux/init.h>

static int gc[] __initdata = { -1, 0, 0, 0, 0, 0 };
static int gc_2[] __initdata = { -1, 0, 0, 0, 0, 0 };
static int tgfx[7] __initdata;

MODULE_PARM(gc, "2-6i");
MODULE_PARM(gc_2, "2-6i");
MODULE_PARM(tgfx, "1-7i");
