/* the count comes from a header that is not here (a kernel header):
 * compared by name with the array size */
#include <linux/module.h>
#include <linux/isdnif.h>

static int io[ISDN_MAX_CARDS];
static int irq[8];
MODULE_PARM(io, "1-" __MODULE_STRING(ISDN_MAX_CARDS) "i");
MODULE_PARM(irq, "1-" __MODULE_STRING(ISDN_MAX_CARDS) "i");
