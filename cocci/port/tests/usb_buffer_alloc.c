// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/usb.h>

void *t_alloc(struct usb_device *udev, size_t n, dma_addr_t *dma)
{
	return usb_buffer_alloc(udev, n, GFP_KERNEL, dma);
}
EXPORT_SYMBOL(t_alloc);

void t_free(struct usb_device *udev, size_t n, void *p, dma_addr_t dma)
{
	usb_buffer_free(udev, n, p, dma);
}
EXPORT_SYMBOL(t_free);
MODULE_LICENSE("GPL");
