/* The driver's own macros declare the variables (a 2.4 ISA driver's
 * per-card defaults): spatch sees a macro call there, the converter
 * expands the use to read the declaration and its type. */
#include <linux/module.h>
#include <linux/init.h>

#define MAX_CARDS 4
#define CARD_PARAM(n, v) static int n[MAX_CARDS] = { [0 ... MAX_CARDS - 1] = v }
#define FLAG(n) \
	static unsigned char n /* a flag */

CARD_PARAM(io, 0x300);
MODULE_PARM(io, "1-" __MODULE_STRING(MAX_CARDS) "i");
FLAG(quiet);
MODULE_PARM(quiet, "b");

static int __init probe_init(void)
{
	return io[0] + quiet;
}
module_init(probe_init);
MODULE_LICENSE("GPL");
