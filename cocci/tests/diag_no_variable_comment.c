/* a MODULE_PARM of a name declared nowhere is removed with its
 * MODULE_PARM_DESC; modparm-convert removes the comment above it too
 * when it described only those lines (a paragraph of its own), and
 * keeps one that still heads other code (convert/diag_no_variable_comment.conv) */
#include <linux/module.h>

static int io = 0x300;
MODULE_PARM(io, "i");

/* Number of tracks of the drive, given by the user. */
MODULE_PARM(track, "i");
MODULE_PARM_DESC(track, "tracks per side");

/*
 * Debugging: the level, and the verbose switch
 * of the 1.x driver.
 */
MODULE_PARM(verbose, "i");
static int debug;
MODULE_PARM(debug, "i");

#ifdef MODULE
/* The sector size, from the old setup tool. */
MODULE_PARM(secsize, "i");
#endif

int probe(void)
{
	return io + debug;
}
