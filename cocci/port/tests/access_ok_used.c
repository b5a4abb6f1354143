// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/uaccess.h>

/*
 * A type computed at run time: dropping it would also drop whatever it
 * evaluates, so the call stays for a person, and VERIFY_* outside
 * access_ok() is no access_ok() argument.
 */
int check(int write, const void __user *p, size_t n)
{
	int type = write ? VERIFY_WRITE : VERIFY_READ;

	return access_ok(type, p, n);
}
EXPORT_SYMBOL_GPL(check);
MODULE_LICENSE("GPL");
