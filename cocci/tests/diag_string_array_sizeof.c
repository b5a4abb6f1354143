/* sizeof of an element is the size of the string buffer, which a char
 * pointer does not have. */
#include <linux/module.h>
#include <linux/string.h>

static char port_names[2][8];
MODULE_PARM(port_names, "1-2c8");

static int name_fits(int i, const char *s)
{
	return strlen(s) < sizeof(port_names[i]);
}
