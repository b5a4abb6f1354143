/* mcd, 2.4: "mcd" is the alias of mcd_port, and the second value of the
 * count went into mcd_irq, declared right after it; at boot the list goes
 * to mcd_setup(), compiled for the built-in driver only: its '#ifndef
 * MODULE' holds nothing else, so the converter removes it (__setup is
 * empty in a module) and the parameter goes to mcd_setup(). */
#include <linux/module.h>
#include <linux/init.h>

#define mcd_port mcd	/* for compatible parameter passing with "insmod" */

static short mcd_port = 0x300;	/* used as "mcd" by "insmod" */
static int mcd_irq = 11;	/* must directly follow mcd_port */
MODULE_PARM(mcd, "1-2i");

#ifndef MODULE
static int __init mcd_setup(char *str)
{
	int ints[9];

	(void)get_options(str, ARRAY_SIZE(ints), ints);
	if (ints[0] > 0)
		mcd_port = ints[1];
	if (ints[0] > 1)
		mcd_irq = ints[2];
	return 1;
}

__setup("mcd=", mcd_setup);
#endif

/* its __setup without the ';' (2.4 drivers often left it out): spatch
 * reads it as part of what follows, so the setter has no place */
static int speed;
static int speed_max;
MODULE_PARM(speed, "1-2i");

static int __init speed_setup(char *str)
{
	int ints[3];

	get_options(str, ARRAY_SIZE(ints), ints);
	if (ints[0] > 0)
		speed = ints[1];
	if (ints[0] > 1)
		speed_max = ints[2];
	return 1;
}
__setup("speed=", speed_setup)

/* a parser in an '#ifndef MODULE' that holds more (a helper the module
 * does not need): left, the guard named */
static int gscd_port;
static int gscd_irq;
MODULE_PARM(gscd_port, "1-2i");

#ifndef MODULE
static void __init gscd_note(void)
{
}

static int __init gscd_setup(char *str)
{
	int ints[3];

	get_options(str, ARRAY_SIZE(ints), ints);
	if (ints[0] > 1)
		gscd_irq = ints[2];
	gscd_note();
	return 1;
}
__setup("gscd_port=", gscd_setup);
#endif

static int __init probe(void)
{
	return speed + speed_max + gscd_port + gscd_irq;
}
