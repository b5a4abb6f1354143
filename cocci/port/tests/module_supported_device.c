// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>

#define DRIVER_SUPPORT "Some USB Camera"

MODULE_DESCRIPTION("test");
MODULE_SUPPORTED_DEVICE(DRIVER_SUPPORT);
MODULE_LICENSE("GPL");
