/* a MODULE_PARM written inside init_module: the old macro made a
 * string in a section wherever it stood, module_param* defines a
 * function and objects that no block can hold; left, named.  The one
 * at file scope after the function is converted. */
#include <linux/module.h>

static int speed = 10;
static int debug;

int init_module(void)
{
	if (speed) {
		MODULE_PARM(speed, "i");
	}
	return 0;
}

MODULE_PARM(debug, "i");
