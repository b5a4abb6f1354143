// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/backlight.h>
#include <linux/err.h>

static const struct backlight_ops t_ops;
static struct backlight_properties t_props = { .max_brightness = 7 };

struct backlight_device *t_register(struct device *parent, void *data)
{
	struct backlight_device *bd;

	bd = backlight_device_register("old", parent, data, &t_ops);
	if (IS_ERR(bd))
		return bd;
	bd->props.max_brightness = 7;
	/* already the 2.6.34 form: left as it is */
	return backlight_device_register("new", parent, data, &t_ops, &t_props);
}
EXPORT_SYMBOL(t_register);
MODULE_LICENSE("GPL");
