/* declared below the site in some branches of an #if only: no #else
 * (io), or a branch that does not declare it (irq).  One line after the
 * #endif would name no variable where no branch declares it, so each
 * declaration keeps its own line, and a note says why */
#include <linux/module.h>

MODULE_PARM(io, "i");
MODULE_PARM(irq, "i");

#if defined(CONFIG_ISA)
static int io = 0x300;
#elif defined(CONFIG_EISA)
static int io = 0x1000;
#endif

#if defined(CONFIG_ISA)
static int irq = 5;
#elif defined(CONFIG_PCI)
/* the PCI code reads the irq of the device */
#else
static int irq = 10;
#endif
