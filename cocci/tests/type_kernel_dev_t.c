#include <linux/module.h>
#include <linux/types.h>

/* the kernel's own typedefs under the old ones: u32 and unsigned long on
 * x86-64 6.1 */
static __kernel_dev_t rootdev;
MODULE_PARM(rootdev, "i");

static __kernel_old_dev_t olddev;
MODULE_PARM(olddev, "l");

static __kernel_ulong_t pages = 16;
MODULE_PARM(pages, "l");

MODULE_LICENSE("GPL");
