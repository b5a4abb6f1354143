// SPDX-License-Identifier: GPL-2.0-only
/* An old driver with a declaration that no configuration anyone built
 * ever compiled: its ';' is missing, and spatch skips the code around it. */
#include <linux/module.h>

static int rd_count = 4;
MODULE_PARM(rd_count, "i");

#ifdef CONFIG_BLK_DEV_RAM_SIZE
static int asize=CONFIG_BLK_DEV_RAM_SIZE
#else
static int asize = 4096;
#endif
MODULE_PARM(asize, "i");

int init_module(void)
{
	return rd_count * asize > 0 ? 0 : -22;
}
