/* multi-dimensional arrays, as mcdx's drive map: the old kernel filled
 * their elements in memory order; the result builds as a module */
#include <linux/module.h>

static int map[2][3];
MODULE_PARM(map, "1-6i");

static unsigned short pairs[][2] = { {0x300, 11}, {0x304, 5} };
MODULE_PARM(pairs, "1-4h");

MODULE_LICENSE("GPL");
