/*
 * ftape-init.c of 2.2 (trimmed): the type string is an argument of the
 * wrapper, and one variable exists only under #ifndef.  Every use gives
 * module_param(var, uint, 0) but the last, whose line goes into the
 * #ifndef with the declaration: each use becomes its converted lines.
 * FT_PARM, whose variables are all declared above it, is converted.
 */
#include <linux/module.h>

unsigned int ft_fdc_base = 0x3f0;
unsigned int ft_fdc_irq = 6;

#ifndef CONFIG_FT_NO_TRACE_AT_ALL
static int ft_tracing = -1;
#endif

#define FT_MOD_PARM(var,type,desc) \
	MODULE_PARM(var,type); MODULE_PARM_DESC(var,desc)

FT_MOD_PARM(ft_fdc_base,       "i", "Base address of FDC controller.");
FT_MOD_PARM(ft_fdc_irq,        "i", "IRQ (interrupt channel) to use.");
FT_MOD_PARM(ft_tracing,        "i",
	    "Amount of debugging output, 0 <= tracing <= 8, default 3.");

unsigned int ft_fdc_dma = 2;
unsigned int ft_fdc_threshold = 8;

#define FT_PARM(var,type,desc) \
	MODULE_PARM(var,type); MODULE_PARM_DESC(var,desc)

FT_PARM(ft_fdc_dma,        "i", "DMA channel to use.");
FT_PARM(ft_fdc_threshold,  "i", "Threshold of the FDC Fifo.");
