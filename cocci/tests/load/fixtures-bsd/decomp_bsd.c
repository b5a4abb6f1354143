// SPDX-License-Identifier: GPL-2.0
/*
 * A webcam decompressor shared with FreeBSD: its #if lines test a name
 * Linux never defines (-Wundef), which is no concern of the parameter's.
 */
#if !(__FreeBSD__)
#include <linux/module.h>
#include <linux/kernel.h>
#endif

static int debug;
#if !(__FreeBSD__)
MODULE_PARM(debug, "i");
MODULE_PARM_DESC(debug, "debug level of the decompressor");
#endif

int decomp_frame(const unsigned char *in, unsigned char *out, int len)
{
	int i;

	for (i = 0; i < len; i++)
		out[i] = in[i] ^ 0x80;
	if (debug > 1)
		printk(KERN_DEBUG "decomp: %d bytes\n", len);
	return len;
}
