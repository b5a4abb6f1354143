// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/pci.h>

/*
 * Every wrapper of pci-dma-compat.h, on a parameter and on a field, with
 * the directions as arguments and as values of the driver's own.
 */
struct ring {
	struct pci_dev *pdev;
	void *desc;
	dma_addr_t desc_dma;
	int dir;
};

int ring_setup(struct pci_dev *pdev, struct ring *r, void *buf,
	       struct page *pg, struct scatterlist *sg)
{
	dma_addr_t a, b;
	int n;

	if (pci_set_dma_mask(pdev, DMA_BIT_MASK(32)) ||
	    pci_set_consistent_dma_mask(pdev, DMA_BIT_MASK(32)))
		return -EIO;
	r->pdev = pdev;
	r->dir = PCI_DMA_FROMDEVICE;
	r->desc = pci_alloc_consistent(r->pdev, 4096, &r->desc_dma);
	if (!r->desc)
		return -ENOMEM;
	a = pci_map_single(pdev, buf, 64, PCI_DMA_TODEVICE);
	if (pci_dma_mapping_error(pdev, a))
		goto free;
	pci_dma_sync_single_for_cpu(pdev, a, 64, PCI_DMA_TODEVICE);
	pci_dma_sync_single_for_device(pdev, a, 64, PCI_DMA_TODEVICE);
	pci_unmap_single(pdev, a, 64, PCI_DMA_TODEVICE);
	b = pci_map_page(pdev, pg, 0, PAGE_SIZE, r->dir);
	pci_unmap_page(pdev, b, PAGE_SIZE, r->dir);
	n = pci_map_sg(pdev, sg, 1, PCI_DMA_BIDIRECTIONAL);
	pci_dma_sync_sg_for_cpu(pdev, sg, n, PCI_DMA_BIDIRECTIONAL);
	pci_dma_sync_sg_for_device(pdev, sg, n, PCI_DMA_BIDIRECTIONAL);
	pci_unmap_sg(pdev, sg, 1, PCI_DMA_BIDIRECTIONAL);
	return r->dir == PCI_DMA_NONE;
free:
	pci_free_consistent(r->pdev, 4096, r->desc, r->desc_dma);
	return -EIO;
}
EXPORT_SYMBOL_GPL(ring_setup);
MODULE_LICENSE("GPL");
