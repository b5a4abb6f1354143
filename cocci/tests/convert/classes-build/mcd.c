// SPDX-License-Identifier: GPL-2.0-only
/* mcd, 2.6 before MODULE_PARM was removed: "mcd" is the alias of
 * mcd_port, the second value of the count went into mcd_irq, and the
 * boot option's parser, compiled in the module too, takes the whole list. */
#include <linux/module.h>
#include <linux/init.h>
#include <linux/kernel.h>

#define mcd_port mcd	/* for compatible parameter passing with "insmod" */

static short mcd_port = 0x300;	/* used as "mcd" by "insmod" */
static int mcd_irq = 11;	/* must directly follow mcd_port */
MODULE_PARM(mcd, "1-2i");

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

static int __init mcd_init(void)
{
	pr_info("mcd: port 0x%x irq %d\n", mcd_port, mcd_irq);
	return 0;
}
module_init(mcd_init);
MODULE_LICENSE("GPL");
