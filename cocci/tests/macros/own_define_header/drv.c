/*
 * The driver itself: its MODULE_PARM is the kernel's (it does not
 * include the tool's header).
 */
#include <linux/module.h>

static int rate = 9600;
MODULE_PARM(rate, "i");
