/* already the 2.6.10 form, or a count that is not in this file */
#include <linux/module.h>
#include <linux/moduleparam.h>

static int io[4];
static unsigned int num_io;
static int irq[4];
static unsigned int nirq_store;
static unsigned int *nirq = &nirq_store;
static int dma[4];

module_param_array(io, int, &num_io, 0);
module_param_array(irq, int, nirq, 0);
module_param_array(dma, int, NULL, 0);
module_param_array(io, int, num_io_in_header, 0);
