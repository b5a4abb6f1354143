/* only an extern declaration is visible: its type is used */
#include <linux/module.h>

extern int ring_size;
MODULE_PARM(ring_size, "i");
