/* seed 011: drivers/block/ataflop.c, count built with __MODULE_STRING */
#include <linux/module.h>

#define FD_MAX_UNITS 2

static int UseTrackbuffer = -1;		  /* Do track buffering? */
MODULE_PARM(UseTrackbuffer, "i");

static int UserSteprate[FD_MAX_UNITS] = { -1, -1 };
MODULE_PARM(UserSteprate, "1-" __MODULE_STRING(FD_MAX_UNITS) "i");
