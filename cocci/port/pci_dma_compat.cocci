// SPDX-License-Identifier: GPL-2.0-only
/// The pci_* DMA wrappers to the dma_* API on the PCI device's struct device
///
/// 5.18 removed include/linux/pci-dma-compat.h, whose every wrapper was
/// one call of the generic API on &pdev->dev: pci_alloc_consistent()
/// was dma_alloc_coherent(..., GFP_ATOMIC) (kept: the caller may hold a
/// lock), the PCI_DMA_* directions the DMA_* values of the same numbers.
/// Each call becomes the wrapper's own body, as upstream converted the
/// tree.  A NULL device (the wrappers of 2.6 passed it on as a NULL
/// struct device, which 6.1's DMA API refuses) is left for a person, and
/// so is a file that defines any of these names itself (a compat header
/// of the driver's own).
//
// Confidence: High
// Copyright: (C) 2026 the kpatchgen project.
// Comments: a migration of port-driver (cocci/port_driver/changes.py)
// Options: --include-headers

virtual patch

@own@
identifier m = {pci_alloc_consistent, pci_zalloc_consistent, pci_free_consistent,
	pci_map_single, pci_unmap_single, pci_map_page, pci_unmap_page, pci_map_sg,
	pci_unmap_sg, pci_dma_sync_single_for_cpu, pci_dma_sync_single_for_device,
	pci_dma_sync_sg_for_cpu, pci_dma_sync_sg_for_device, pci_dma_mapping_error,
	pci_set_dma_mask, pci_set_consistent_dma_mask, PCI_DMA_TODEVICE,
	PCI_DMA_FROMDEVICE, PCI_DMA_BIDIRECTIONAL, PCI_DMA_NONE};
@@
(
#define m(...) ...
|
#define m ...
)

@ownfn@
identifier m = {pci_alloc_consistent, pci_zalloc_consistent, pci_free_consistent,
	pci_map_single, pci_unmap_single, pci_map_page, pci_unmap_page, pci_map_sg,
	pci_unmap_sg, pci_dma_sync_single_for_cpu, pci_dma_sync_single_for_device,
	pci_dma_sync_sg_for_cpu, pci_dma_sync_sg_for_device, pci_dma_mapping_error,
	pci_set_dma_mask, pci_set_consistent_dma_mask, PCI_DMA_TODEVICE,
	PCI_DMA_FROMDEVICE, PCI_DMA_BIDIRECTIONAL, PCI_DMA_NONE};
@@
 m(...) { ... }

@depends on patch && !own && !ownfn@
expression d != {NULL, 0}, e1, e2, e3, e4;
@@
(
- pci_alloc_consistent(d, e1, e2)
+ dma_alloc_coherent(&d->dev, e1, e2, GFP_ATOMIC)
|
- pci_zalloc_consistent(d, e1, e2)
+ dma_alloc_coherent(&d->dev, e1, e2, GFP_ATOMIC)
|
- pci_free_consistent(d, e1, e2, e3)
+ dma_free_coherent(&d->dev, e1, e2, e3)
|
- pci_map_single(d, e1, e2, e3)
+ dma_map_single(&d->dev, e1, e2, e3)
|
- pci_unmap_single(d, e1, e2, e3)
+ dma_unmap_single(&d->dev, e1, e2, e3)
|
- pci_map_page(d, e1, e2, e3, e4)
+ dma_map_page(&d->dev, e1, e2, e3, e4)
|
- pci_unmap_page(d, e1, e2, e3)
+ dma_unmap_page(&d->dev, e1, e2, e3)
|
- pci_map_sg(d, e1, e2, e3)
+ dma_map_sg(&d->dev, e1, e2, e3)
|
- pci_unmap_sg(d, e1, e2, e3)
+ dma_unmap_sg(&d->dev, e1, e2, e3)
|
- pci_dma_sync_single_for_cpu(d, e1, e2, e3)
+ dma_sync_single_for_cpu(&d->dev, e1, e2, e3)
|
- pci_dma_sync_single_for_device(d, e1, e2, e3)
+ dma_sync_single_for_device(&d->dev, e1, e2, e3)
|
- pci_dma_sync_sg_for_cpu(d, e1, e2, e3)
+ dma_sync_sg_for_cpu(&d->dev, e1, e2, e3)
|
- pci_dma_sync_sg_for_device(d, e1, e2, e3)
+ dma_sync_sg_for_device(&d->dev, e1, e2, e3)
|
- pci_dma_mapping_error(d, e1)
+ dma_mapping_error(&d->dev, e1)
|
- pci_set_dma_mask(d, e1)
+ dma_set_mask(&d->dev, e1)
|
- pci_set_consistent_dma_mask(d, e1)
+ dma_set_coherent_mask(&d->dev, e1)
)

@depends on patch && !own && !ownfn@
@@
(
- PCI_DMA_TODEVICE
+ DMA_TO_DEVICE
|
- PCI_DMA_FROMDEVICE
+ DMA_FROM_DEVICE
|
- PCI_DMA_BIDIRECTIONAL
+ DMA_BIDIRECTIONAL
|
- PCI_DMA_NONE
+ DMA_NONE
)
