/* seed 011: drivers/cdrom/cm206.c, #ifdef MODULE, comments, an int flag
 * (2006 made auto_probe a bool, which no longer compiles on an int) */
#include <linux/module.h>

static int auto_probe = 1;	/* Yes, why not? */
static int cm206_base = CM206_BASE;
static int cm206_irq = CM206_IRQ;
#ifdef MODULE
static int cm206[2] = { 0, 0 };	/* for compatible `insmod' parameter passing */
#endif

MODULE_PARM(cm206_base, "i");	/* base */
MODULE_PARM(cm206_irq, "i");	/* irq */
MODULE_PARM(cm206, "1-2i");	/* base,irq or irq,base */
MODULE_PARM(auto_probe, "i");	/* auto probe base and irq */
MODULE_LICENSE("GPL");
