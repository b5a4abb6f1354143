// SPDX-License-Identifier: GPL-2.0
/*
 * modparm_legacy_cb - a MODULE_PARM() form with no one-line modern
 * equivalent.
 *
 * "2-4i" asked the 2.6 kernel for at least two and at most four ints;
 * module_param_array() has no minimum, so the converter has to generate a
 * callback that keeps the old rule.  The load test passes three values
 * and checks them, and checks that one value (below the minimum) and five
 * (above the maximum) are refused.
 *
 * /proc/modparm_legacy_cb shows what the module received.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>

static int pair[4] = { 1, 2 };
MODULE_PARM(pair, "2-4i");
MODULE_PARM_DESC(pair, "two to four ints, like the old sbpcd= pair");

static int modparm_legacy_cb_show(struct seq_file *m, void *unused)
{
	size_t i;

	seq_puts(m, "pair=");
	for (i = 0; i < ARRAY_SIZE(pair); i++)
		seq_printf(m, "%s%d", i ? "," : "", pair[i]);
	seq_putc(m, '\n');
	return 0;
}

static int __init modparm_legacy_cb_init(void)
{
	if (!proc_create_single(KBUILD_MODNAME, 0444, NULL,
				modparm_legacy_cb_show))
		return -ENOMEM;
	return 0;
}

static void __exit modparm_legacy_cb_exit(void)
{
	remove_proc_entry(KBUILD_MODNAME, NULL);
}

module_init(modparm_legacy_cb_init);
module_exit(modparm_legacy_cb_exit);
MODULE_DESCRIPTION("2.6-era MODULE_PARM form that needs a callback");
MODULE_LICENSE("GPL");
