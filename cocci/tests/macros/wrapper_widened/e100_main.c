/*
 * e100's wrapper: each parameter an array of one more element than its
 * type string allows, with the count from a header that is not in SRC
 * (e100.h; --check-build cannot build it, so this case is a directory).
 * Each use is converted and warned, as a direct site is.
 */
#include <linux/module.h>
#include "e100.h"

#define E100_PARAM_INIT { [0 ... E100_MAX_NIC] = -1 }
#define E100_PARAM(X, S) \
	static int X[E100_MAX_NIC + 1] = E100_PARAM_INIT; \
	MODULE_PARM(X, "1-" __MODULE_STRING(E100_MAX_NIC) "i"); \
	MODULE_PARM_DESC(X, S);

E100_PARAM(TxDescriptors, "Number of transmit descriptors");
E100_PARAM(RxDescriptors, "Number of receive descriptors");
