#include <linux/module.h>

static char *options;
static char *firmware = "fw.bin";
MODULE_PARM(options, "s");
MODULE_PARM(firmware, "s");
MODULE_PARM_DESC(firmware, "firmware file name");
