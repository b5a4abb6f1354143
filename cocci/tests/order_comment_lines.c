/* a declaration whose trailing comment runs over several lines, below
 * its MODULE_PARM (linux-wlan-ng's prism2_irq_evread_max): spatch puts
 * the first line of the comment after the module_param line it adds
 * after the declaration; modparm-convert gives it back to the
 * declaration (convert/order_comment_lines.conv) */
#include <linux/module.h>

MODULE_PARM(prism2_irq_evread_max, "i");

int		prism2_irq_evread_max=20;	/* Maximum number of 
						 * ev_reads (loops)
						 * in irq handler 
						 */
int		prism2_bap_timeout=1000;	/* BAP timeout */
