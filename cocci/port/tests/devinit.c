// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/pci.h>

static int __devinit t_probe(struct pci_dev *dev, const struct pci_device_id *ent);

static const struct pci_device_id t_ids[] __devinitconst = {
	{ PCI_DEVICE(0x1234, 0x5678) },
	{ 0 }
};
MODULE_DEVICE_TABLE(pci, t_ids);

static int __devinit
t_probe(struct pci_dev *dev, const struct pci_device_id *ent)
{
	return pci_enable_device(dev);
}

static void __devexit t_remove(struct pci_dev *dev)
{
	pci_disable_device(dev);
}

static struct pci_driver t_driver = {
	.name = "t",
	.id_table = t_ids,
	.probe = t_probe,
	.remove = __devexit_p(t_remove),
};
module_pci_driver(t_driver);
MODULE_LICENSE("GPL");
