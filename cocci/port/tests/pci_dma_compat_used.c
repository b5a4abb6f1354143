// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/pci.h>

/*
 * A NULL device: 2.6's wrapper passed a NULL struct device on, which
 * 6.1's dma_alloc_coherent() refuses.  Which device does the DMA is for
 * a person to say; the calls stay.
 */
static void *isa_buf;
static dma_addr_t isa_dma;

static int __init isa_init(void)
{
	isa_buf = pci_alloc_consistent(NULL, 4096, &isa_dma);
	return isa_buf ? 0 : -ENOMEM;
}

static void __exit isa_exit(void)
{
	pci_free_consistent(NULL, 4096, isa_buf, isa_dma);
}

module_init(isa_init);
module_exit(isa_exit);
MODULE_LICENSE("GPL");
