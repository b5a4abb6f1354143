/* a minimum count on an array of u64: the generated setter's type check
 * names the C type of ullong (param_check_ullong's), not the name ullong */
#include <linux/module.h>
#include <linux/types.h>

static u64 addrs[4];
MODULE_PARM(addrs, "2-4l");
MODULE_PARM_DESC(addrs, "two to four addresses");
