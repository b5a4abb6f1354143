/* 2.2's floppy.c: its module code in a C++ linkage block, which holds
 * file scope; the MODULE_PARMs in it are converted in place */
#include <linux/module.h>

static char *floppy;
static int FLOPPY_IRQ = 6;

#ifdef __cplusplus
extern "C" {
#endif
int init_module(void)
{
	return floppy ? 0 : FLOPPY_IRQ;
}

MODULE_PARM(floppy, "s");
MODULE_PARM(FLOPPY_IRQ, "i");

#ifdef __cplusplus
}
#endif
