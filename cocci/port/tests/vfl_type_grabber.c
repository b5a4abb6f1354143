// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <media/v4l2-dev.h>

int t_register(struct video_device *vdev, int nr)
{
	return video_register_device(vdev, VFL_TYPE_GRABBER, nr);
}
EXPORT_SYMBOL(t_register);
MODULE_LICENSE("GPL");
