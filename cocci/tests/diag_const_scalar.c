/* a const scalar named by MODULE_PARM (3c515's rx_copybreak) */
#include <linux/module.h>

static const int rx_copybreak = 200;
static int max_interrupt_work = 20;

MODULE_PARM(rx_copybreak, "i");
MODULE_PARM(max_interrupt_work, "i");
