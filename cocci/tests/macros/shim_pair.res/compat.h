#ifndef COMPAT_H
#define COMPAT_H

#if defined(OLD_SLAB)
#include <linux/malloc.h>
#else
#include <linux/slab.h>
#endif

#endif
