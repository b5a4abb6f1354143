// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/time.h>
#include <linux/uaccess.h>
#include <linux/videodev2.h>

/*
 * Timevals that can reach code or user space expecting one, each kept
 * by one guard of timeval.cocci: all stay for a person.
 */

/* not static: another file may declare it extern and take its address */
struct timeval shared_stamp;

/* a field: its uses are in every file that includes the struct */
struct stamped {
	struct timeval when;
};

/* copied to user space whole */
static long stamp_to_user(struct timeval __user *u)
{
	struct timeval sent;

	do_gettimeofday(&sent);
	return copy_to_user(u, &sent, sizeof(sent)) ? -EFAULT : 0;
}

/* its address handed on: the receiver reads a timeval's layout */
static void stamp_copy(void *dst)
{
	struct timeval kept;

	do_gettimeofday(&kept);
	memcpy(dst, &kept, 2 * sizeof(long));
}

/* a v4l2 buffer's timestamp is the V4L2 ABI's */
static void stamp_buffer(struct v4l2_buffer *buf)
{
	do_gettimeofday(&buf->timestamp);
}

/* tv_sec as a printk argument: %ld would be given a time64_t */
static void stamp_print(void)
{
	struct timeval shown;

	do_gettimeofday(&shown);
	pr_info("now %ld.%06ld\n", shown.tv_sec, shown.tv_usec);
}

/* tv_usec normalised in place: no tv_nsec expression keeps this */
static long stamp_later(void)
{
	struct timeval later;

	do_gettimeofday(&later);
	later.tv_usec += 500;
	return later.tv_usec;
}

/* two declarators share the type: one cannot change alone */
static long stamp_pair(void)
{
	struct timeval a, b;

	do_gettimeofday(&a);
	do_gettimeofday(&b);
	return b.tv_usec - a.tv_usec;
}

static void stamp_field(struct stamped *s)
{
	do_gettimeofday(&s->when);
	do_gettimeofday(&shared_stamp);
}

static int __init stamp_init(void)
{
	stamp_print();
	stamp_copy(NULL);
	stamp_field(NULL);
	stamp_buffer(NULL);
	return stamp_later() + stamp_pair() + stamp_to_user(NULL);
}

module_init(stamp_init);
MODULE_LICENSE("GPL");
