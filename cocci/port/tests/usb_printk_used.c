// SPDX-License-Identifier: GPL-2.0
/*
 * With pr_fmt defined, pr_err() would prefix the message a second time:
 * err() stays for a person.
 */
#define pr_fmt(fmt) "old: " fmt
#include <linux/module.h>
#include <linux/usb.h>

static int __init t_init(void)
{
	err("loaded %d", 1);
	return 0;
}
module_init(t_init);
MODULE_LICENSE("GPL");
