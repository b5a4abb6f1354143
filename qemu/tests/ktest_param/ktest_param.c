// SPDX-License-Identifier: GPL-2.0
/*
 * The smallest module that proves the out-of-tree build, insmod with a
 * parameter, sysfs and rmmod all work in the test kernel.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>

static int answer = 1;
module_param(answer, int, 0444);
MODULE_PARM_DESC(answer, "A value given on the insmod line");

static int __init ktest_param_init(void)
{
	pr_info("ktest_param: loaded, answer=%d\n", answer);
	return 0;
}

static void __exit ktest_param_exit(void)
{
	pr_info("ktest_param: unloaded\n");
}

module_init(ktest_param_init);
module_exit(ktest_param_exit);
MODULE_DESCRIPTION("Parameter smoke test for the QEMU pipeline");
MODULE_LICENSE("GPL");
