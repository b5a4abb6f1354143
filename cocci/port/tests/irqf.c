// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/interrupt.h>

static irqreturn_t t_irq(int irq, void *dev)
{
	return IRQ_NONE;
}

int t_request(unsigned int irq, void *dev)
{
	return request_irq(irq, t_irq, SA_SHIRQ, "t", dev);
}
EXPORT_SYMBOL(t_request);
MODULE_LICENSE("GPL");
