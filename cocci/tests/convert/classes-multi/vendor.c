// SPDX-License-Identifier: GPL-2.0
/* a header the package does not ship may declare what this names */
#include <linux/module.h>
#include "vendor_hal.h"

MODULE_PARM(hal_mode, "i");
