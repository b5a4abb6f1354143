/* a comment above a MODULE_PARM that moves below its (later) declaration
 * is not lost: spatch keeps it where it was; modparm-convert moves it with
 * the module_param line when nothing is left for it to describe, and drops
 * an #ifdef MODULE block left empty (convert/order_comment.conv) */
#include <linux/module.h>

static int late = 5;
/* Declared below. */
module_param(late, int, 0);

#ifdef MODULE
/* Heads its MODULE_PARM_DESC too: stays. */
MODULE_PARM_DESC(with_desc, "declared after its MODULE_PARM");
#endif

#ifdef CONFIG_UNRELATED
#endif

static int with_desc;
module_param(with_desc, int, 0);
static int retries = 3;
/*
 * Number of retries.
 */
module_param(retries, int, 0);
