// SPDX-License-Identifier: GPL-2.0-only
/*
 * modparm-convert --check-build must fail on this driver for a real
 * reason: module_param's type check of 'count' discards its volatile (a
 * warning, an error with -Werror).  'speed' beside it builds.
 */
#include <linux/module.h>

static int speed = 10;
MODULE_PARM(speed, "i");
MODULE_PARM_DESC(speed, "line speed");

static volatile int count;
MODULE_PARM(count, "i");
MODULE_PARM_DESC(count, "events seen");
