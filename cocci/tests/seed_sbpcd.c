/* seed 011: drivers/cdrom/sbpcd.c, "2i" demands two values: a setter keeps
 * that check; max_drives is declared below its MODULE_PARM */
#include <linux/module.h>

static int sbpcd[] =
{
	CDROM_PORT, SBPRO,
	0x230, 1,
};

MODULE_PARM(sbpcd, "2i");
MODULE_PARM(max_drives, "i");

#define NUM_PROBE  (sizeof(sbpcd) / sizeof(int))

static char msgbuf[80];

static int max_drives = MAX_DRIVES;
#ifndef MODULE
static unsigned char setup_done;
#endif
