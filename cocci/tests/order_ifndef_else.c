/* the variable declared in the #else of '#ifdef LINUX26' and its
 * MODULE_PARM under '#ifndef LINUX26' (ztdummy's monitor), or the #else
 * of '#if (HOSTIF == USB)' and '#if (HOSTIF != USB)' (linux-wlan-ng's
 * prism2_bap_timeout): the same configurations, so the line takes the
 * MODULE_PARM's place */
#include <linux/module.h>

#ifdef LINUX26
static int timer_period;
#else
static int monitor = 0;
#endif

#if (HOSTIF == USB)
static int doreset = 0;
#else
int bap_timeout = 1000;
#endif

#ifndef LINUX26
MODULE_PARM(monitor, "i");
#endif

#if (HOSTIF != USB)
MODULE_PARM(bap_timeout, "i");
#endif
