/* MODULE_PARM(comment, "i"); is not a site */
#include <linux/module.h>
static const char *s = "MODULE_PARM(string, \"i\")";
static int a, b;
MODULE_PARM
	(a, "i");
MODULE_PARM_DESC(a, "not a site");
#define OLD(v) MODULE_PARM(v, "i")
#define OLD2(v) \
	MODULE_PARM(v, "i")
#if 0
MODULE_PARM(b, "i");
#endif
MODULE_PARM(b, "i"); // MODULE_PARM(c, "i")
MODULE_PARM_DESC(b, "a string continued \n\
on the next line");
MODULE_PARM(b, "i");
#warning don't forget
MODULE_PARM(b, "i");
