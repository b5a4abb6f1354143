/* seed 011: drivers/media/video/zr36120.c, unsigned int scalar and array */
#include <linux/module.h>

#define ZORAN_MAX 4

static unsigned int triton1 = 0;
static unsigned int cardtype[ZORAN_MAX] = { [ 0 ... ZORAN_MAX-1 ] = CARDTYPE };
static int video_nr = -1;
static int vbi_nr = -1;

MODULE_PARM(triton1,"i");
MODULE_PARM(cardtype,"1-" __MODULE_STRING(ZORAN_MAX) "i");
MODULE_PARM(video_nr,"i");
MODULE_PARM(vbi_nr,"i");
