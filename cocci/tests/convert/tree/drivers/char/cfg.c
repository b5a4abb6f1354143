/* cfg.c: a const char * string parameter */
#include <linux/module.h>

static const char *firmware = "cfg.bin";	/* firmware file */
MODULE_PARM(firmware, "s");
MODULE_PARM_DESC(firmware, "firmware file name");
