// SPDX-License-Identifier: GPL-2.0
#include <linux/kernel.h>
#include "olddrv.h"

int olddrv_helper(void)
{
	return olddrv_vendor_quirk_table[0];
}
