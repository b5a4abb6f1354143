/* seed 011: drivers/video/pm3fb.c, type strings #defined in a header
 * (2006 wrote the four-argument module_param(depth, short, NULL, 0)) */
#include <linux/module.h>
#include <video/pm3fb.h>

static char *mode[PM3_MAX_BOARD];
static short disable[PM3_MAX_BOARD];
static short off[PM3_MAX_BOARD];
static char *pciid[PM3_MAX_BOARD];
static short noaccel[PM3_MAX_BOARD];
static char *font[PM3_MAX_BOARD];
static short depth[PM3_MAX_BOARD];
static short printtimings;
static short forcesize[PM3_MAX_BOARD];

MODULE_PARM(mode,PM3_MAX_BOARD_MODULE_ARRAY_STRING);
MODULE_PARM_DESC(mode,"video mode");
MODULE_PARM(disable,PM3_MAX_BOARD_MODULE_ARRAY_SHORT);
MODULE_PARM(off,PM3_MAX_BOARD_MODULE_ARRAY_SHORT);
MODULE_PARM(pciid,PM3_MAX_BOARD_MODULE_ARRAY_STRING);
MODULE_PARM(noaccel,PM3_MAX_BOARD_MODULE_ARRAY_SHORT);
MODULE_PARM(font,PM3_MAX_BOARD_MODULE_ARRAY_STRING);
MODULE_PARM(depth,PM3_MAX_BOARD_MODULE_ARRAY_SHORT);
MODULE_PARM_DESC(depth,"video depth");
MODULE_PARM(printtimings, "h");
MODULE_PARM(forcesize, PM3_MAX_BOARD_MODULE_ARRAY_SHORT);
