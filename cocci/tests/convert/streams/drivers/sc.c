// SPDX-License-Identifier: GPL-2.0-only
/* sc: the STREAMS configuration module; its priority level type comes
 * from the platform's own header, one per platform. */
#include <linux/module.h>
#include <sys/stream.h>
#include <sys/ddi.h>

static pl_t sc_pl = 4;
MODULE_PARM(sc_pl, "i");

static modID_t sc_modid = 5;
MODULE_PARM(sc_modid, "h");

int init_module(void)
{
	return sc_pl > 7 || sc_modid == 0;
}

void cleanup_module(void)
{
}
