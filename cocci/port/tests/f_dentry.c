// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/fs.h>

static int t_open(struct inode *inode, struct file *file)
{
	struct dentry *d = file->f_dentry;

	return d->d_inode == inode ? 0 : -EINVAL;
}

static const struct file_operations t_fops = {
	.owner = THIS_MODULE,
	.open = t_open,
};

const struct file_operations *t_get(void)
{
	return &t_fops;
}
EXPORT_SYMBOL(t_get);
MODULE_LICENSE("GPL");
