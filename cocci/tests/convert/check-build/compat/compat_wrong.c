// SPDX-License-Identifier: GPL-2.0
/*
 * A compat block whose 2.6 branch is wrong for its variable: 'mode' is a
 * long, its module_param says int (param_check_int refuses the pointer).
 * Only building the branch 6.1 takes shows it.
 */
#include <linux/version.h>
#include <linux/module.h>

static long mode = 2;
static int verbose;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(2, 6, 0)
module_param(mode, int, 0444);
module_param(verbose, int, 0444);
#else
MODULE_PARM(mode, "l");
MODULE_PARM(verbose, "i");
#endif
MODULE_LICENSE("GPL");
