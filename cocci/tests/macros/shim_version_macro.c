/*
 * A 2.6 driver that still built on 2.4 through PCMCIA-style version
 * tests: its own VERSION() macro, a hex LINUX_VERSION_CODE, and a test
 * beside another.  Each guard keeps its shim from every kernel that has
 * module_param, so the shims go and their uses are module_param already.
 * The module_param_named shim's #if is true on some kernels with
 * module_param: left.
 */
#include <linux/module.h>
#include <linux/version.h>

#define VERSION(v, p, s)	(((v) << 16) + ((p) << 8) + (s))

#if (LINUX_VERSION_CODE < VERSION(2, 5, 0))
#define module_param(name, type, perm) MODULE_PARM(name, _MODPARM_ ## type)
#define _MODPARM_int "i"
#define _MODPARM_charp "s"
#endif

#if LINUX_VERSION_CODE < 0x020600
#define module_param_array(name, type, num, perm) MODULE_PARM(name, "1-4i")
#endif

#if !defined(module_param_string) || (defined(CONFIG_OLD) && LINUX_VERSION_CODE <= 0x020500)
#define module_param_string(name, str, len, perm) MODULE_PARM(name, "c16")
#endif

#if LINUX_VERSION_CODE < VERSION(2, 6, 12)
#define module_param_named(n, v, t, p) MODULE_PARM(v, "i")
#endif

static int debug;
module_param(debug, int, 0);
static char *options;
module_param(options, charp, 0);
static int irq[4];
module_param_array(irq, int, NULL, 0);
static char name[16];
module_param_string(name, name, sizeof(name), 0);
static int speed = 9600;
module_param_named(baud, speed, int, 0);

/* after a test true on every kernel with module_param, an #elif is dead */
#if LINUX_VERSION_CODE >= VERSION(2, 6, 0)
#define HAVE_NEW_PARAMS 1
#elif LINUX_VERSION_CODE >= VERSION(2, 4, 0)
#define module_param_array_named(n, v, t, c, p) MODULE_PARM(v, "1-4i")
#endif

static int irq_list[4];
module_param_array_named(irqs, irq_list, int, NULL, 0);
