// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/workqueue.h>
#include <linux/slab.h>

/*
 * Work set up with the 2.6.19 INIT_WORK(): the data is the object that
 * contains the work, taken back with and without a cast.
 */
struct hotkeys {
	int pressed;
	struct work_struct press;
	struct work_struct release;
};

static struct hotkeys *hk;

static void hotkeys_press(void *data);

static void hotkeys_press(void *data)
{
	struct hotkeys *h = data;

	h->pressed++;
}

static void hotkeys_release(void *data)
{
	struct hotkeys *h = (struct hotkeys *)data;

	h->pressed--;
}

static int __init hotkeys_init(void)
{
	struct hotkeys *h = kzalloc(sizeof(*h), GFP_KERNEL);

	if (!h)
		return -ENOMEM;
	INIT_WORK(&h->press, hotkeys_press, h);
	INIT_WORK(&h->release, hotkeys_release, (void *)h);
	hk = h;
	schedule_work(&h->press);
	return 0;
}

static void __exit hotkeys_exit(void)
{
	flush_work(&hk->press);
	flush_work(&hk->release);
	kfree(hk);
}

module_init(hotkeys_init);
module_exit(hotkeys_exit);
MODULE_LICENSE("GPL");
