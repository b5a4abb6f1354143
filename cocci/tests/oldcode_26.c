/* 2.6-era habits: device tables, old locking macros, __setup under #ifndef MODULE */
#include <linux/module.h>

static struct pci_device_id foo_tbl[] __devinitdata = {
	{ 0x10ec, 0x8029, PCI_ANY_ID, PCI_ANY_ID, 0, 0, 0 },
	{ 0, }
};
MODULE_DEVICE_TABLE(pci, foo_tbl);
static DECLARE_WAIT_QUEUE_HEAD(foo_wait);
static spinlock_t foo_lock = SPIN_LOCK_UNLOCKED;
static DECLARE_TASK_QUEUE(tq_foo);

static int irq = 5;
MODULE_PARM(irq, "i");

#ifndef MODULE
static int __init foo_setup(char *str)
{
	get_option(&str, &irq);
	return 1;
}
__setup("foo=", foo_setup);
#endif

static void foo_interrupt(int irq, void *dev_id, struct pt_regs *regs)
{
	unsigned long flags;
	save_flags(flags); cli();
	restore_flags(flags);
}

static int speed = 1;
MODULE_PARM(speed, "i");
module_init(foo_init);
module_exit(foo_exit);
