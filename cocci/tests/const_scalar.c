/* modparm_const.cocci: const scalars and arrays named by module_param
 * (3c515's rx_copybreak, the old kernel wrote to them anyway) */
#include <linux/module.h>

static const int rx_copybreak = 200;
static const unsigned long masks[4] = { 1, 2 };
static const char version[32] = "1.0";
static int plain = 1;
module_param(rx_copybreak, int, 0);
module_param_array(masks, ulong, NULL, 0);
module_param_string(ver, version, sizeof(version), 0444);
module_param(plain, int, 0);

static int __maybe_unused f(void)
{
	const int rx_copybreak = 1;
	return rx_copybreak;
}
