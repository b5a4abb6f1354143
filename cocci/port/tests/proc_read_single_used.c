// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>

/*
 * Readers single_open() would not read the same way: one that pages by
 * off and *start, one also called directly, one registered through
 * create_proc_entry(), one that limits itself to count, one that
 * returns 0 after printing (the reader saw nothing), one another file
 * may name (not static).  All stay for a person, beside a reader that
 * is converted.
 */
static int big_read_proc(char *page, char **start, off_t off, int count,
			 int *eof, void *data)
{
	int len = 0;

	len += sprintf(page + len, "%0*d\n", 8000, 0);
	*start = page + off;
	*eof = 1;
	return len;
}

static int twice_read_proc(char *page, char **start, off_t off, int count,
			   int *eof, void *data)
{
	int len = 0;

	len += sprintf(page + len, "twice\n");
	*eof = 1;
	return len;
}

static int entry_read_proc(char *page, char **start, off_t off, int count,
			   int *eof, void *data)
{
	int len = 0;

	len += sprintf(page + len, "entry\n");
	*eof = 1;
	return len;
}

static int counted_read_proc(char *page, char **start, off_t off, int count,
			     int *eof, void *data)
{
	int len = 0;

	len += sprintf(page + len, "counted\n");
	*eof = 1;
	return len > count ? count : len;
}

static int early_read_proc(char *page, char **start, off_t off, int count,
			   int *eof, void *data)
{
	int len = 0;

	len += sprintf(page + len, "early\n");
	if (!data)
		return 0;
	*eof = 1;
	return len;
}

int global_read_proc(char *page, char **start, off_t off, int count,
		     int *eof, void *data)
{
	int len = 0;

	len += sprintf(page + len, "global\n");
	*eof = 1;
	return len;
}

static int ok_read_proc(char *page, char **start, off_t off, int count,
			int *eof, void *data)
{
	int len = 0;

	len += sprintf(page + len, "ok\n");
	*eof = 1;
	return len;
}

static int __init used_init(void)
{
	struct proc_dir_entry *e;
	char buf[16];
	int eof;

	create_proc_read_entry("big", 0, NULL, big_read_proc, NULL);
	create_proc_read_entry("twice", 0, NULL, twice_read_proc, NULL);
	twice_read_proc(buf, NULL, 0, sizeof(buf), &eof, NULL);
	e = create_proc_entry("entry", 0, NULL);
	if (e)
		e->read_proc = entry_read_proc;
	create_proc_read_entry("counted", 0, NULL, counted_read_proc, NULL);
	create_proc_read_entry("early", 0, NULL, early_read_proc, NULL);
	create_proc_read_entry("global", 0, NULL, global_read_proc, NULL);
	create_proc_read_entry("ok", 0, NULL, ok_read_proc, NULL);
	return 0;
}

module_init(used_init);
MODULE_LICENSE("GPL");
