/* seed 011: drivers/char/istallion.c, "1-3s" on char *board0[]
 * (2006 wrote the typo module_parm_array) */
#include <linux/module.h>

static char *board0[4];
static char *board1[4];

MODULE_DESCRIPTION("Stallion Intelligent Multiport Serial Driver");
MODULE_LICENSE("GPL");


MODULE_PARM(board0, "1-3s");
MODULE_PARM_DESC(board0, "Board 0 config -> name[,ioaddr[,memaddr]");
MODULE_PARM(board1, "1-3s");
MODULE_PARM_DESC(board1, "Board 1 config -> name[,ioaddr[,memaddr]");
