/*
 * A framebuffer driver's parameter macros (intelfbdrv.c of 2.4/2.6):
 * each declares its variable, an int or a char *, then MODULE_PARM and
 * MODULE_PARM_DESC, each statement ended inside the macro.
 */
#include <linux/module.h>
#include <linux/init.h>

#define INTELFB_INT_PARAM(name, default, desc)		\
	static int name = default;			\
	MODULE_PARM(name, "i");				\
	MODULE_PARM_DESC(name, desc);

#define INTELFB_STR_PARAM(name, default, desc)		\
	static char *name = default;			\
	MODULE_PARM(name, "s");				\
	MODULE_PARM_DESC(name, desc);

INTELFB_INT_PARAM(accel, 1, "Enable console acceleration")
INTELFB_INT_PARAM(hwcursor, 1, "Enable HW cursor")
INTELFB_INT_PARAM(mtrr, 1, "Set MTRR")
INTELFB_INT_PARAM(fixed, 0, "Disable mode switching")
INTELFB_INT_PARAM(noinit, 0, "Don't initialise graphics mode when loading")
INTELFB_INT_PARAM(noregister, 0, "Don't register, just probe and exit (debug)")
INTELFB_INT_PARAM(probeonly, 0, "Do a minimal probe (debug)")
INTELFB_INT_PARAM(idonly, 0, "Just identify without doing anything else (debug)")
INTELFB_INT_PARAM(bailearly, 0, "Bail out early, depending on value (debug)")
INTELFB_STR_PARAM(mode, NULL, "Initial video mode \"<xres>x<yres>[-<depth>][@<refresh>]\"");

static int __init intelfb_init(void)
{
	return accel + hwcursor + mtrr + fixed + noinit + noregister + probeonly +
		idonly + bailearly + (mode != NULL);
}
module_init(intelfb_init);
