/*
 * ftape-init.c of 2.2 (trimmed): FT_MOD_PARM's uses name variables of
 * other types (uint, int) declared extern in the driver's own header,
 * included through "../lowlevel/"; no one #define serves them all, so
 * each use becomes its converted expansion, as upstream converted ftape.
 * ft_tracing's line goes into the #ifndef of its declaration, with its
 * variable, and its MODULE_PARM_DESC stays at the use; the #define goes.
 */
#include <linux/module.h>
#include "../lowlevel/fdc-io.h"

#ifdef MODULE

#ifndef CONFIG_FT_NO_TRACE_AT_ALL
static int ft_tracing = -1;
#endif

#define FT_MOD_PARM(var,type,desc) \
	MODULE_PARM(var,type); MODULE_PARM_DESC(var,desc)

FT_MOD_PARM(ft_fdc_base,       "i", "Base address of FDC controller.");
FT_MOD_PARM(ft_fdc_irq,        "i", "IRQ (interrupt channel) to use.");
FT_MOD_PARM(ft_probe_fc10,     "i",
	    "If non-zero, probe for a Colorado FC-10/FC-20 controller.");
FT_MOD_PARM(ft_tracing,        "i",
	    "Amount of debugging output, 0 <= tracing <= 8, default 3.");
#endif
