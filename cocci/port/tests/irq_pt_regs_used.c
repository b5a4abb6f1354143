// SPDX-License-Identifier: GPL-2.0
#include <linux/module.h>
#include <linux/interrupt.h>

/*
 * Handlers whose struct pt_regs * cannot simply go, each kept by one
 * guard of irq_pt_regs.cocci: all stay for a person.
 */
static unsigned long fired, last_ip;

/* reads the registers: get_irq_regs() */
static irqreturn_t profile_irq(int irq, void *dev_id, struct pt_regs *regs)
{
	last_ip = instruction_pointer(regs);
	return IRQ_HANDLED;
}

/* also called by the driver, with registers of its own */
static irqreturn_t poll_irq(int irq, void *dev_id, struct pt_regs *regs)
{
	fired++;
	return IRQ_HANDLED;
}

static void poll_now(void)
{
	poll_irq(0, NULL, NULL);
}

static int __init prof_init(void)
{
	int err;

	err = request_irq(1, profile_irq, IRQF_SHARED, "prof", &fired);
	if (err)
		return err;
	poll_now();
	return request_irq(2, poll_irq, IRQF_SHARED, "poll", &fired);
}

module_init(prof_init);
MODULE_LICENSE("GPL");
