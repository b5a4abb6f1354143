/* ne2.c: an ISA ethernet driver, the 2.4 way */
#include <linux/module.h>
#include <net/ne2.h>

MODULE_PARM(debug, "i");
MODULE_PARM_DESC(debug, "debug level (0-6)");
MODULE_PARM(io, NE_PARM);	/* I/O base addresses */
MODULE_PARM(irq, NE_PARM);
MODULE_PARM(ifname, "c" __MODULE_STRING(IFNAMSIZ));

static int debug = 1;		/* 1 normal messages, 0 quiet */
static int io[NE_MAX_CARDS];
static int irq[NE_MAX_CARDS];
static char ifname[IFNAMSIZ];
static unsigned long membase = 0xd0000;
MODULE_PARM(membase, "l");

MODULE_LICENSE("GPL");

#if 0
MODULE_PARM(old_debug, "i");
#endif
