/* matroxfb, 2.2: the name is only a struct member in a local header and a
 * parameter of a function; the file's own variable is default_vmode, which
 * upstream named with module_param_named: left, with that hint */
#include <linux/module.h>
#include "diag_member_only.h"

static int default_vmode = -1;

MODULE_PARM(vmode, "i");

static int setup(struct fb_var *v, int vmode)
{
	return v->vmode + vmode + default_vmode;
}
