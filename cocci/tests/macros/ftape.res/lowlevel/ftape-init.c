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
module_param(ft_tracing, int, 0);
#endif

module_param(ft_fdc_base, uint, 0);
MODULE_PARM_DESC(ft_fdc_base, "Base address of FDC controller.");
module_param(ft_fdc_irq, uint, 0);
MODULE_PARM_DESC(ft_fdc_irq, "IRQ (interrupt channel) to use.");
module_param(ft_probe_fc10, int, 0);
MODULE_PARM_DESC(ft_probe_fc10, "If non-zero, probe for a Colorado FC-10/FC-20 controller.");
MODULE_PARM_DESC(ft_tracing, "Amount of debugging output, 0 <= tracing <= 8, default 3.");
#endif
