/* MODULE_PARM names a local variable and a struct member, never a global:
 * the old kernel could not set either, and upstream removed such lines
 * (3c515's full_duplex) */
#include <linux/module.h>

struct port {
	int full_duplex:1;
};

static int probe(void)
{
	int track = 0;

	return track;
}

MODULE_PARM(track, "i");
MODULE_PARM(full_duplex, "1-8i");
