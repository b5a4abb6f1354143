/* declared below the site under another name, a #define alias of the
 * parameter's, in both branches of an #ifdef (tulip's debug, declared as
 * tulip_debug): one line after the #endif with modparm-convert
 * (convert/order_below_alias.conv) */
#include <linux/module.h>

#if defined(MODULE) && LINUX_VERSION_CODE > 0x20115
MODULE_PARM(debug, "i");
MODULE_PARM(reverse_probe, "i");
#endif

#define tulip_debug debug
#ifdef TULIP_DEBUG
static int tulip_debug = TULIP_DEBUG;
#else
static int tulip_debug = 1;
#endif

#ifdef REVERSE_PROBE_ORDER
static int reverse_probe = 1;
#else
static int reverse_probe = 0;
#endif
