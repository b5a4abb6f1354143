/*
 * A wrapper whose uses all need the same line, but one use's variable
 * is declared under an #if that the use is not in: its module_param
 * goes after that declaration, as modparm.cocci places a direct one, so
 * no one #define serves every use; each use becomes its converted
 * expansion and the #define goes with the last.
 */
#include <linux/module.h>

static int io = 0x300;
#ifdef CONFIG_DRV_DEBUG
static int debug;
#endif

#define DRV_PARM(v, d) MODULE_PARM(v, "i"); MODULE_PARM_DESC(v, d)

DRV_PARM(io, "I/O port");
DRV_PARM(debug, "debug level");
