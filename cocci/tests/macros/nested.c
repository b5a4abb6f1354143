/*
 * A wrapper used inside another macro: the uses of the outer macro are
 * the parameters; the inner definition is converted.
 */
#include <linux/module.h>

#define INT_MODULE_PARM(n, v) static int n = v; MODULE_PARM(n, "i")
#define QUEUE_PARM(q) INT_MODULE_PARM(q##_ring_size, 64)

QUEUE_PARM(rx);
QUEUE_PARM(tx);
INT_MODULE_PARM(debug, 0);
