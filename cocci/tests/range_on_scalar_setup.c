/* mcd, 2.4: "mcd" is the alias of mcd_port, and the second value of the
 * count went into mcd_irq, declared right after it; at boot the list goes
 * to mcd_setup(). */
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

static int __init probe(void)
{
	return speed + speed_max;
}
