/* seed 011: sound/oss/waveartist.c, a comment on every line */
#include <linux/module.h>

static int io   = 0;
static int irq  = 0;
static int dma  = 0;
static int dma2 = 0;

MODULE_PARM(io, "i");		/* IO base */
MODULE_PARM(irq, "i");		/* IRQ */
MODULE_PARM(dma, "i");		/* DMA */
MODULE_PARM(dma2, "i");		/* DMA2 */
