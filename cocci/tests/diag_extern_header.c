/* ftape, 2.2: the variables live in another file of the module and are
 * declared extern in the driver's own header; upstream converted them
 * with the type of that declaration */
#include <linux/module.h>
#include "diag_extern_header.h"

MODULE_PARM(shared_debug, "i");
MODULE_PARM(shared_base, "i");
