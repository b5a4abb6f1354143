/* one count for two arrays, a count that is a parameter itself, and a
 * count the driver writes */
#include <linux/module.h>
#include <linux/moduleparam.h>

static int mem_start[4], mem_end[4];
static int nmem;
static int nr_cards = 1;
static int card_irq[4];
static int num_chan;
static int chan[8];

module_param_array(mem_start, int, nmem, 0);
module_param_array(mem_end, int, nmem, 0);
module_param(nr_cards, int, 0);
module_param_array(card_irq, int, nr_cards, 0);
module_param_array(chan, int, num_chan, 0);

static int __init probe_init(void)
{
	if (!num_chan)
		num_chan = 1;
	return nmem;
}
module_init(probe_init);
