#ifndef COMPAT_H
#define COMPAT_H

#if LINUX_VERSION_CODE < KERNEL_VERSION(2, 5, 0)
#define module_param(n, t, p)	MODULE_PARM(n, "i")
#define module_param_string(n, s, l, p)	MODULE_PARM(s, "c" __MODULE_STRING(l))
#endif

#if defined(OLD_SLAB)
#include <linux/malloc.h>
#else
#include <linux/slab.h>
#endif

#endif
