// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/interrupt.h>

/*
 * A 2.6.18 interrupt handler that never reads the registers it is
 * given: only the interrupt core calls it.
 */
static int irq = -1;
module_param(irq, int, 0444);
static unsigned long fired;

static irqreturn_t cam_irq(int irq, void *dev_id, struct pt_regs *regs);

static irqreturn_t cam_irq(int irq, void *dev_id, struct pt_regs *regs)
{
	unsigned long *count = dev_id;

	(*count)++;
	return IRQ_HANDLED;
}

static int __init cam_init(void)
{
	if (irq < 0)
		return 0;
	return request_irq(irq, cam_irq, IRQF_SHARED, "cam", &fired);
}

static void __exit cam_exit(void)
{
	if (irq >= 0)
		free_irq(irq, &fired);
}

module_init(cam_init);
module_exit(cam_exit);
MODULE_LICENSE("GPL");
