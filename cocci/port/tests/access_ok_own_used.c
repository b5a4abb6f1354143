// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/uaccess.h>

/*
 * VERIFY_* of the driver's own: its compat code decides what they mean,
 * so its calls are left as they are.
 */
#ifndef VERIFY_READ
#define VERIFY_READ 0
#define VERIFY_WRITE 1
#endif

int check(const void __user *p, size_t n)
{
	return access_ok(VERIFY_READ, p, n);
}
EXPORT_SYMBOL_GPL(check);
MODULE_LICENSE("GPL");
