/* a declaration in a branch the site is never compiled with (the #else
 * of an earlier #ifdef MODULE, the site under #ifdef MODULE) neither
 * makes the variable exist at the site nor gives it its type */
#include <linux/module.h>

#ifdef MODULE
static int autoprobed = 1;
#else
static unsigned char irq[] = { 5, 0, 10, 3 };
#endif

#ifdef MODULE
static int irq = 5;
MODULE_PARM(irq, "i");
#endif
