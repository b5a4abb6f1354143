/* each parameter's MODULE_PARM above its declaration, the blocks apart
 * by blank lines (vlsi_ir's sirpulse and qos_mtt_bits): spatch's new
 * line after the first declaration takes the place of the blank lines
 * above the second MODULE_PARM; modparm-convert keeps the blocks apart
 * (convert/order_below_blank.conv) */
#include <linux/module.h>

static int ringsize[] = {8, 8};


MODULE_PARM(sirpulse, "i");
MODULE_PARM_DESC(sirpulse, "SIR pulse width tuning");

static int sirpulse = 1;


MODULE_PARM(qos_mtt_bits, "i");
MODULE_PARM_DESC(qos_mtt_bits, "IrLAP bitfield representing min-turn-time");

static int qos_mtt_bits = 0x04;
