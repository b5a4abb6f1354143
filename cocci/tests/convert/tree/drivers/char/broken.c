/* broken.c: spatch cannot parse the code before the MODULE_PARM */
#include <linux/module.h>

static int x;
int f(void) { return x + ; }
MODULE_PARM(x, "i");
