#include <linux/module.h>
#include "typestring_header.h"

static int io[NE_MAX];
MODULE_PARM(io, NE_PARM);
