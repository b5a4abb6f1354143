/* the count is a macro of a header not at hand (e100.h): the array
 * holds one more than the type string allows, whatever E100_MAX_NIC is;
 * as large as the count, no warning; twice it, not decided */
#include <linux/module.h>
#include "e100.h"

static int speed[E100_MAX_NIC + 1];
MODULE_PARM(speed, "1-" __MODULE_STRING(E100_MAX_NIC) "i");
static int duplex[(E100_MAX_NIC)];
MODULE_PARM(duplex, "1-" __MODULE_STRING(E100_MAX_NIC) "i");
static int ifs[E100_MAX_NIC * 2];
MODULE_PARM(ifs, "1-" __MODULE_STRING(E100_MAX_NIC) "i");
