/* mcd, 2.6: "mcd" is the alias of mcd_port, the second value of the count
 * went into mcd_irq, and mcd_setup(), compiled in the module too (__setup
 * is empty there), parses the whole list; it takes the boot option, so the
 * module parameter goes to it as upstream converted mcd. */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

#define mcd_port mcd	/* for compatible parameter passing with "insmod" */

static short mcd_port = 0x300;	/* used as "mcd" by "insmod" */
static int mcd_irq = 11;	/* must directly follow mcd_port */
MODULE_PARM(mcd, "1-2i");
MODULE_PARM_DESC(mcd, "port,irq");

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

/* a parser that takes const char * needs no cast */
static int speed;
static int speed_max;
MODULE_PARM(speed, "1-2i");

static int __init speed_setup(const char *str)
{
	int ints[3];

	get_options(str, ARRAY_SIZE(ints), ints);
	if (ints[0] > 0)
		speed = ints[1];
	if (ints[0] > 1)
		speed_max = ints[2];
	return 1;
}
__setup("speed=", speed_setup);

static int __init mcd_init(void)
{
	pr_info("mcd: port 0x%x irq %d speed %d-%d\n", mcd_port, mcd_irq,
		speed, speed_max);
	return 0;
}
module_init(mcd_init);
MODULE_LICENSE("GPL");
