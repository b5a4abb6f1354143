/* a scalar and an array in one declaration below their MODULE_PARMs:
 * each gets its line after it, module_param and module_param_array */
#include <linux/module.h>

MODULE_PARM(debug, "i");
MODULE_PARM(io, "1-4i");
MODULE_PARM_DESC(io, "I/O ports of the cards");

static int debug = 1, io[4];

int probe(void)
{
	return debug + io[0];
}
