/*
 * A second user of the table, through a header of its own that
 * includes parmtab.h; above that #include the MODULE_PARM is the
 * kernel's, below it the header's until the #undef.
 */
#include <linux/module.h>

static int verbose;
module_param(verbose, int, 0);

#include "dump.h"

int width;
static struct parm_entry dump_table[] = {
MODULE_PARM(width, "i")
};

#undef MODULE_PARM
