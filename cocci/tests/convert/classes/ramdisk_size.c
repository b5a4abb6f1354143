// SPDX-License-Identifier: GPL-2.0-only
/* An old driver with a declaration that no configuration anyone built
 * ever compiled: its ';' is missing, and spatch skips the code around it. */
#include <linux/module.h>

#ifdef CONFIG_BLK_DEV_RAM_SIZE
static int asize=CONFIG_BLK_DEV_RAM_SIZE
#else
static int asize = 4096;
#endif
MODULE_PARM(asize, "i");
MODULE_PARM_DESC(asize, "Size of each RAM disk in kbytes");

int init_module(void)
{
	return asize > 0 ? 0 : -22;
}
