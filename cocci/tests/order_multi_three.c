/* three parameters declared below in one declaration (3c59x's compaq_*):
 * each gets its line after the declaration */
#include <linux/module.h>

MODULE_PARM(compaq_ioaddr, "i");
MODULE_PARM(compaq_irq, "i");
MODULE_PARM(compaq_device_id, "i");
MODULE_PARM_DESC(compaq_device_id, "EISA device id of a Compaq card");

static int compaq_ioaddr = 0, compaq_irq = 0, compaq_device_id = 0x5900;
