#include <linux/module.h>

static const char *board = "auto";
MODULE_PARM(board, "s");
