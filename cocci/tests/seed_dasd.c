/* seed 011: drivers/s390/block/dasd.c, dasd[] is defined in another file
 * and only declared extern in a header: left with a diagnostic */
#include <linux/module.h>
#include "seed_dasd_int.h"

MODULE_AUTHOR("Holger Smolinski <Holger.Smolinski@de.ibm.com>");
MODULE_PARM(dasd, "1-" __MODULE_STRING(256) "s");
MODULE_LICENSE("GPL");
