#include <linux/module.h>
#include <linux/version.h>
#include "compat.h"

static int debug;
module_param(debug, int, 0);
static char name[16];
module_param_string(name, name, sizeof(name), 0);
