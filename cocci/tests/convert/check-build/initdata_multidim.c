// SPDX-License-Identifier: GPL-2.0-only
/*
 * A 2.4 CD-ROM driver's table of (port, irq) pairs, one per drive, read
 * once by its init function: an __initdata array of two dimensions.
 * The converter gives it a struct kparam_array in .data over all its
 * elements; modpost accepts a reference from .data to .init.data only
 * from a __param* symbol.
 */
#include <linux/module.h>
#include <linux/init.h>

static int drive_map[][2] __initdata = { {0x300, 11}, {0x304, 5}, {0, 0} };
MODULE_PARM(drive_map, "1-6i");
