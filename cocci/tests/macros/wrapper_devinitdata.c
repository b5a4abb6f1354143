/*
 * Intel's vendor drivers of the 2.4 days (e1000_param.c, e100, ixgb)
 * declare each option array through a wrapper, in a section annotation
 * that 6.1 no longer has (__devinitdata went with 3.8).  The parameter
 * converts like any other: --check-build builds it as it builds a plain
 * declaration that carries one, without the annotation.
 */
#include <linux/module.h>

#define X_MAX_NIC 8
#define OPTION_UNSET -1
#define X_PARAM_INIT { [0 ... X_MAX_NIC] = OPTION_UNSET }

#define X_PARAM(X, S) \
static const int __devinitdata X[X_MAX_NIC + 1] = X_PARAM_INIT; \
MODULE_PARM(X, "1-" __MODULE_STRING(X_MAX_NIC) "i"); \
MODULE_PARM_DESC(X, S);

X_PARAM(TxDescriptors, "Number of transmit descriptors");
X_PARAM(Speed, "Speed setting");

static int media[X_MAX_NIC] __devinitdata = { -1, -1, -1, -1, -1, -1, -1, -1 };
MODULE_PARM(media, "1-" __MODULE_STRING(X_MAX_NIC) "i");
