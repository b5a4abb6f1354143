// SPDX-License-Identifier: GPL-2.0-only
/*
 * A driver half converted in the 2.6.9 days: its I/O ports already a
 * module_param_array with the count an int (2.6.0-2.6.9), irq given
 * its module_param beside the MODULE_PARM it replaced, and debug still
 * a MODULE_PARM.  --check-build builds the converted MODULE_PARM and
 * the API site, and the summary keeps them apart: the MODULE_PARM of
 * irq is removed as a duplicate and has no line of its own to build.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>

static int debug;
MODULE_PARM(debug, "i");

static int irq = 5;
module_param(irq, int, 0);
MODULE_PARM(irq, "i");

static int io[4];
static int num_io;
module_param_array(io, int, num_io, 0);
