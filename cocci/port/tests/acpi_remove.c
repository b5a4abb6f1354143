// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/acpi.h>

static int t_add(struct acpi_device *device);
static int t_remove(struct acpi_device *device, int type);
static int t_seen;

static const struct acpi_device_id t_ids[] = {
	{ "TOS6205", 0 },
	{ "", 0 },
};

static struct acpi_driver t_driver = {
	.name	= "t",
	.ids	= t_ids,
	.ops	= {
			.add	= t_add,
			.remove	= t_remove,
		  },
};

static int t_add(struct acpi_device *device)
{
	return 0;
}

static int t_remove(struct acpi_device *device, int type)
{
	t_seen = 1;
	return 0;
}

static int __init t_init(void)
{
	return acpi_bus_register_driver(&t_driver);
}
module_init(t_init);
MODULE_LICENSE("GPL");
