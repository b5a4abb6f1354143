// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/pci.h>

/*
 * A compat definition of the driver's own: what its calls mean is that
 * definition's, not pci-dma-compat.h's, so nothing is converted (and
 * the missing PCI_DMA_FROMDEVICE keeps the file from building).
 */
#define pci_map_single(d, p, s, dir) ((dma_addr_t)virt_to_phys(p))

int map_dir = PCI_DMA_FROMDEVICE;

dma_addr_t map_it(struct pci_dev *pdev, void *p)
{
	return pci_map_single(pdev, p, 64, map_dir);
}
EXPORT_SYMBOL_GPL(map_it);
MODULE_LICENSE("GPL");
