/* An ISDN driver of 2.4: one card id per card; the ids are only read
 * (printed, compared, handed on), so they can be char pointers. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/string.h>

#define HISAX_MAX_CARDS 8
#define HISAX_IDSIZ 16

static char id[HISAX_MAX_CARDS][HISAX_IDSIZ] = { "HiSax" };
MODULE_PARM(id, "1-" __MODULE_STRING(HISAX_MAX_CARDS) "c" __MODULE_STRING(HISAX_IDSIZ));
MODULE_PARM_DESC(id, "ID string of each card");

static int card_count;

static int register_card(int i, const char *name)
{
	if (!name)
		return 0;
	printk(KERN_INFO "HiSax: card %d is %s\n", i, name);
	return strcmp(name, "HiSax") == 0;
}

static int __init hisax_init(void)
{
	int i;

	for (i = 0; i < HISAX_MAX_CARDS; i++)
		card_count += register_card(i, id[i]);
	return 0;
}

module_init(hisax_init);
