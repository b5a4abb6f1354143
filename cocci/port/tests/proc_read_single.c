// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/spinlock.h>

/*
 * The classic single-page reader: sprintf() into the page, *eof = 1,
 * return len; once with its data, once without.
 */
struct counters {
	spinlock_t lock;
	unsigned long rx, tx;
};

static struct counters cnt = { .lock = __SPIN_LOCK_UNLOCKED(cnt.lock) };
static const char * const names[] = { "rx", "tx" };

static int stats_read_proc(char *page, char **start, off_t off, int count,
			   int *eof, void *data);

static int stats_read_proc(char *page, char **start, off_t off, int count,
			   int *eof, void *data)
{
	struct counters *c = data;
	int len = 0;

	spin_lock(&c->lock);
	len += sprintf(page + len, "%s %lu\n", names[0], c->rx);
	len += sprintf(page + len, "%s %lu\n", names[1], c->tx);
	spin_unlock(&c->lock);
	*eof = 1;
	return len;
}

static int version_read_proc(char *page, char **start, off_t off, int count,
			     int *eof, void *data)
{
	int len = 0;
	int i;

	for (i = 0; i < 2; i++)
		len += sprintf(page + len, "%s\n", names[i]);
	len += sprintf(page + len, "version 1\n");
	*eof = 1;
	return len;
}

static int __init stats_init(void)
{
	if (!create_proc_read_entry("sample_stats", 0, NULL, stats_read_proc, &cnt))
		return -ENOMEM;
	create_proc_read_entry("sample_version", 0444, NULL, version_read_proc, NULL);
	return 0;
}

static void __exit stats_exit(void)
{
	remove_proc_entry("sample_version", NULL);
	remove_proc_entry("sample_stats", NULL);
}

module_init(stats_init);
module_exit(stats_exit);
MODULE_LICENSE("GPL");
