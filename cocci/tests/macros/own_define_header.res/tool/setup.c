/*
 * The setup tool fills its table through the header's MODULE_PARM,
 * below the #include down to the end of the file: no kernel parameters.
 */
#include <stdio.h>
#include "parmtab.h"

int rate, depth;
static struct parm_entry parm_table[] = {
MODULE_PARM(rate, "i")
MODULE_PARM(depth, "i")
};
