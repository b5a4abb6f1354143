// SPDX-License-Identifier: GPL-2.0
/*
 * A module of several files, as 2.4's insmod allowed: it found a
 * parameter by its symbol, so the MODULE_PARM of a variable defined in
 * fdc_io.c could sit here without any declaration of it.
 */
#include <linux/module.h>

MODULE_PARM(fdc_base, "i");
MODULE_PARM(fdc_gone, "i");
