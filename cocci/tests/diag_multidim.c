#include <linux/module.h>

static int map[2][3];
MODULE_PARM(map, "1-2i");
