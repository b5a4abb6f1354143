#include <linux/module.h>

static int map[2][3];
MODULE_PARM(map, "1-2i");

/* mcdx: a pair (port, irq) per drive, filled in memory order */
static short pairs[][2] = { {0x300, 11}, {0x304, 5} };
MODULE_PARM(pairs, "1-4h");

/* const: left, as for a one-dimensional array */
static const int table[2][2] = { {1, 2}, {3, 4} };
MODULE_PARM(table, "1-4i");
