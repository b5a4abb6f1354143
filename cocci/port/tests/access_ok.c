// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/uaccess.h>

/*
 * Both constants, in a condition and as a value, on a pointer and on a
 * computed address.
 */
int check(const void __user *src, void __user *dst, size_t n)
{
	int ok = access_ok(VERIFY_WRITE, dst, n);

	if (!access_ok(VERIFY_READ, src, n) || !ok)
		return -EFAULT;
	return access_ok(VERIFY_READ, (const char __user *)src + n, 1);
}
EXPORT_SYMBOL_GPL(check);
MODULE_LICENSE("GPL");
