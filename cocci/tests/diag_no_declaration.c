/* the variable lives in another file of the module, declared in a header */
#include <linux/module.h>
#include "diag_no_declaration.h"

MODULE_PARM(shared_debug, "i");
