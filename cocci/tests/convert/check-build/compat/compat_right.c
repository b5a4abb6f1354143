// SPDX-License-Identifier: GPL-2.0
/*
 * A driver for 2.4 and 2.6 alike: module_param* in the branch new kernels
 * take, MODULE_PARM in the old one.  Nothing to convert; --check-build
 * must still build the branch 6.1 takes.
 */
#include <linux/version.h>
#include <linux/module.h>

static int debug = 1;
static int speed[4] = { 1, 2, 3, 4 };
static char *name = "cam";

#if LINUX_VERSION_CODE >= KERNEL_VERSION(2, 6, 0)
module_param(debug, int, 0444);
module_param_array(speed, int, NULL, 0444);
module_param(name, charp, 0444);
#else
MODULE_PARM(debug, "i");
MODULE_PARM(speed, "1-4i");
MODULE_PARM(name, "s");
#endif
MODULE_LICENSE("GPL");
