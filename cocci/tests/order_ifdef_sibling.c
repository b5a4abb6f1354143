/* declared in every branch of an #if that does not enclose the site but
 * is compiled wherever it is (the site under #ifdef MODULE): the variable
 * exists there, so module_param takes the MODULE_PARM's place */
#include <linux/module.h>

#ifdef CONFIG_ISA
static int io = 0x300;
#else
static int io;
#endif

#if defined(CONFIG_PCI)
static int probe = 1;
#elif defined(CONFIG_EISA)
static int probe = 2;
#else
static int probe;
#endif

#ifdef MODULE
MODULE_PARM(io, "i");
MODULE_PARM(probe, "i");
#endif
