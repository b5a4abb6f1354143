/* the argument list starts on the next line */
#include <linux/module.h>

static int io = 0x300;
MODULE_PARM
	(io, "1i");
MODULE_PARM_DESC
	(io, "I/O base address");
