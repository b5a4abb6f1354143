// SPDX-License-Identifier: GPL-2.0
/* A handler that needs the driver's own header, which the package lost:
 * its parameter module does not build, so it is named and not loaded. */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include "board.h"

static int board_id;

static int set_board(const char *val, struct kernel_param *kp)
{
	struct board_info *b = lookup_board(val);

	if (!b)
		return -ENODEV;
	*(int *)kp->arg = b->id;
	return 0;
}

module_param_call(board, set_board, param_get_int, &board_id, 0444);
MODULE_LICENSE("GPL");
