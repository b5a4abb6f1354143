// SPDX-License-Identifier: GPL-2.0
/*
 * A 2.6-era /proc reader that builds only once ported: its init reads
 * its own file back (with the target kernel's kernel_read()) and fails
 * unless the text is what the old reader printed, its data included.
 * Loaded in QEMU, it proves the seq_file conversion kept the output.
 */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/proc_fs.h>
#include <linux/string.h>

struct procdrv_state {
	int opens;
	const char *name;
};

static struct procdrv_state state = { .opens = 3, .name = "procdrv" };

static int procdrv_read_proc(char *page, char **start, off_t off, int count,
			     int *eof, void *data)
{
	struct procdrv_state *s = data;
	int len = 0;

	len += sprintf(page + len, "opens %d\n", s->opens);
	len += sprintf(page + len, "name %s\n", s->name);
	*eof = 1;
	return len;
}

static const char want[] = "opens 3\nname procdrv\n";

static int __init procdrv_init(void)
{
	char buf[64] = "";
	struct file *f;
	loff_t pos = 0;
	ssize_t n;

	if (!create_proc_read_entry("procdrv", 0, NULL, procdrv_read_proc, &state))
		return -ENOMEM;
	f = filp_open("/proc/procdrv", O_RDONLY, 0);
	if (IS_ERR(f)) {
		remove_proc_entry("procdrv", NULL);
		return PTR_ERR(f);
	}
	n = kernel_read(f, buf, sizeof(buf) - 1, &pos);
	filp_close(f, NULL);
	if (n != sizeof(want) - 1 || memcmp(buf, want, n)) {
		pr_err("procdrv: read %zd bytes: %s", n, buf);
		remove_proc_entry("procdrv", NULL);
		return -EINVAL;
	}
	return 0;
}

static void __exit procdrv_exit(void)
{
	remove_proc_entry("procdrv", NULL);
}

module_init(procdrv_init);
module_exit(procdrv_exit);
MODULE_LICENSE("GPL");
