/*
 * A wrapper whose body declares its variable const, with the type an
 * argument of each use (ftape's FT_MOD_PARM names its type the same
 * way): the uses need different module_param lines, so each is replaced
 * by its converted expansion, and the const goes from the declaration
 * there, as from a #define that serves every use (wrapper_const.c).
 */
#include <linux/module.h>

#define FT_PARM(t, n, v) static const t n = v; MODULE_PARM(n, "i")

FT_PARM(int, ft_speed, 1);
FT_PARM(unsigned int, ft_base, 0x3f0);
