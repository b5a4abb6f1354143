/*
 * A PCMCIA client driver of the 2.4 days (the shape of pcnet_cs, serial_cs,
 * ...): its parameters are declared through INT_MODULE_PARM, one line
 * each, beside a direct MODULE_PARM for its IRQ list.
 */
#include <linux/module.h>
#include <linux/init.h>

MODULE_AUTHOR("David Hinds <dahinds@users.sourceforge.net>");
MODULE_DESCRIPTION("NE2000 compatible PCMCIA ethernet driver");
MODULE_LICENSE("GPL");

#define INT_MODULE_PARM(n, v) static int n = v; MODULE_PARM(n, "i")

/* Bit map of interrupts to choose from */
INT_MODULE_PARM(irq_mask,	0xdeb8);
static int irq_list[4] = { -1 };
MODULE_PARM(irq_list, "1-4i");

INT_MODULE_PARM(free_ports,	0);	/* release IO ports after configuration? */
INT_MODULE_PARM(delay_output,	0);	/* pause after xmit? */
INT_MODULE_PARM(delay_time,	4);	/* in usec */
INT_MODULE_PARM(use_shmem,	-1);	/* use shared memory? */
INT_MODULE_PARM(full_duplex,	0);	/* full duplex? */
INT_MODULE_PARM(mem_speed,	0);	/* shared mem speed, in ns */
INT_MODULE_PARM(use_big_buf,	1);	/* use 64K packet buffer? */

#ifdef PCMCIA_DEBUG
INT_MODULE_PARM(pc_debug, PCMCIA_DEBUG);
#endif

static int __init init_pcnet_cs(void)
{
	return irq_mask + irq_list[0] + free_ports + delay_output + delay_time +
		use_shmem + full_duplex + mem_speed + use_big_buf ? 0 : 0;
}

static void __exit exit_pcnet_cs(void)
{
}

module_init(init_pcnet_cs);
module_exit(exit_pcnet_cs);
