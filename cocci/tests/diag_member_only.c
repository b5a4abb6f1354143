/* the name is only a struct member in a local header: no variable */
#include <linux/module.h>
#include "diag_member_only.h"

MODULE_PARM(vmode, "i");

static int setup(struct fb_var *v)
{
	return v->vmode;
}
