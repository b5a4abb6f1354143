/* signed chars under the kernel's names (w9968cf's 's8 video_nr[]',
 * -1 for "first free"): byte like 'signed char', and the warning says
 * that a negative value is refused at load now */
#include <linux/module.h>

#define MAX_DEVICES 4

static s8 video_nr[] = { [0 ... MAX_DEVICES - 1] = -1 };
static __s8 clockdiv = -1;
static int8_t offset;

MODULE_PARM(video_nr, "0-" __MODULE_STRING(MAX_DEVICES) "i");
MODULE_PARM(clockdiv, "i");
MODULE_PARM(offset, "b");
