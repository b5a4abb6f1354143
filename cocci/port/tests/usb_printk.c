// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/usb.h>

static int probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	int minor = intf->minor;

	if (minor < 0) {
		err("no more free devices");
		return -ENODEV;
	}
	info("device %d on interface %d",
	     minor, intf->cur_altsetting->desc.bInterfaceNumber);
	if (minor > 8)
		warn("minor %d is past the table", minor);
	return 0;
}

static void disconnect(struct usb_interface *intf)
{
}

static const struct usb_device_id ids[] = {
	{ USB_DEVICE(0x0eba, 0x210a) },
	{ }
};
MODULE_DEVICE_TABLE(usb, ids);

static struct usb_driver drv = {
	.name = "usb_printk",
	.probe = probe,
	.disconnect = disconnect,
	.id_table = ids,
};
module_usb_driver(drv);
MODULE_LICENSE("GPL");
