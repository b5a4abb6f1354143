// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/time.h>
#include <linux/delay.h>

/*
 * Wall-clock stamps read only through their fields: the time the module
 * was loaded (static) and an interval measured in a function (local).
 */
static struct timeval loaded;

static long elapsed_us(void)
{
	struct timeval now;
	long us;

	do_gettimeofday(&now);
	us = (now.tv_sec - loaded.tv_sec) * 1000000 + (now.tv_usec - loaded.tv_usec);
	return us;
}

static int __init stamp_init(void)
{
	struct timeval start;

	do_gettimeofday(&loaded);
	start.tv_sec = loaded.tv_sec;
	start.tv_usec = loaded.tv_usec / 2;
	start.tv_usec = 0;
	udelay(10);
	pr_info("stamp: %ld us, started at %ld us\n", elapsed_us(), start.tv_usec);
	return 0;
}

module_init(stamp_init);
MODULE_LICENSE("GPL");
