/* A STREAMS driver: its parameters' types are typedefs of the package's
 * own headers, found on its include path (nested in sys/strconf.h), and
 * major_t is a kernel type underneath. */
#include <linux/module.h>
#include <sys/strconf.h>

static major_t major = 0;
MODULE_PARM(major, "i");

static modID_t modid = CONFIG_STREAMS_LOG_MODID;
MODULE_PARM(modid, "h");

static minor_t nminor = 16;
MODULE_PARM(nminor, "i");
