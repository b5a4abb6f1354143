/*
 * A macro that uses a wrapper defined only further down: its first use
 * is above that #define, where the preprocessor does not expand the
 * wrapper (named, left); its use below the #define is converted.
 */
#include <linux/module.h>

#define QUEUE_PARM(q) INT_MODULE_PARM(q##_ring_size, 64)

QUEUE_PARM(rx);

#define INT_MODULE_PARM(n, v) static int n = v; MODULE_PARM(n, "i")

QUEUE_PARM(tx);
