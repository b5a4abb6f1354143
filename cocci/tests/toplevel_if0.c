/* an #if 0 block that opens a brace the live code never closes: only the
 * live braces count when finding the top level */
#include <linux/module.h>

static int probe(int irq)
{
#if 0
	if (irq) {
		return 1;
	}
	else {
#endif
	return 0;
}

static int debug = -1;
MODULE_PARM(debug, "i");
