/* slram, 2.4: the module takes a list of "name,start,end" triples, the
 * built-in driver one string that its __setup splits itself. */
#include <linux/module.h>
#include <linux/init.h>

#define SLRAM_MAX_DEVICES_PARAMS 6

#ifdef MODULE
static char *map[SLRAM_MAX_DEVICES_PARAMS];
#else
static char *map;
#endif
MODULE_PARM(map, "3-" __MODULE_STRING(SLRAM_MAX_DEVICES_PARAMS) "s");
MODULE_PARM_DESC(map, "List of memory regions to map. \"map=<name>, <start>, <length / end>\"");

#ifndef MODULE
static int __init mtd_slram_setup(char *str)
{
	map = str;
	return 1;
}

__setup("slram=", mtd_slram_setup);
#endif
