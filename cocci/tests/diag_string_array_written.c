/* The driver writes into its id strings: as char pointers they would
 * point at nothing (or at the strings the user gave), so they stay. */
#include <linux/module.h>
#include <linux/string.h>

static char id[4][16];
MODULE_PARM(id, "1-4c16");

static void set_default_ids(void)
{
	int i;

	for (i = 0; i < 4; i++)
		if (!id[i][0])
			strcpy(id[i], "card");
}
