/* 2.6.0-2.6.9 module_param_array: the count passed by name */
#include <linux/module.h>
#include <linux/moduleparam.h>

static int io[4] = { 0x300, 0x320 };
static int num_io;
static unsigned int irq[4];
static int num_irq = 0;
static int dma[2], num_dma;
static char *options[8];
static int num_options;

module_param_array(io, int, num_io, 0);
MODULE_PARM_DESC(io, "I/O base addresses");
module_param_array(irq, uint, num_irq, 0444);
module_param_array_named(dma_channel, dma, int, num_dma, 0);
module_param_array(options,
		   charp, num_options, 0);
