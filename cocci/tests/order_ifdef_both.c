/* declared in both branches of an #if above the MODULE_PARM: the variable
 * exists wherever the site is compiled, so module_param takes its place */
#include <linux/module.h>

#ifdef CONFIG_JOYSTICK_DEFAULT_ON
static int joystick = 1;
#else
static int joystick;
#endif

static int other;

MODULE_PARM(joystick, "i");
MODULE_PARM_DESC(joystick, "enable the joystick port");
MODULE_PARM(other, "i");
