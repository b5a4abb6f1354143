/* No -I: the include/ directories under SRC are searched, and none is
 * above this file; the platforms' headers define pl_t and major_t each
 * their own way, so the type is not guessed. */
#include <linux/module.h>
#include <sys/ddi.h>
#include <sys/dki.h>

static pl_t sc_pl = 4;
MODULE_PARM(sc_pl, "i");

static major_t major;
MODULE_PARM(major, "i");
