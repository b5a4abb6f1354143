/* arrays of strings declared below the site, in both branches of an
 * #ifdef that gives their initialiser (sk98lin's AutoNeg_A): one
 * module_param_array line after the #endif with modparm-convert
 * (convert/order_below_arrays.conv), one in each branch from spatch */
#include <linux/module.h>

#define SK_MAX_CARD_PARAM 16

#ifdef MODULE
MODULE_PARM(AutoNeg_A,  "1-" __MODULE_STRING(SK_MAX_CARD_PARAM) "s");
MODULE_PARM(DupCap_A,   "1-" __MODULE_STRING(SK_MAX_CARD_PARAM) "s");
#endif // MODULE


#ifdef AUTO_NEG_A
static char *AutoNeg_A[SK_MAX_CARD_PARAM] = AUTO_NEG_A;
#else
static char *AutoNeg_A[SK_MAX_CARD_PARAM] = {"", };
#endif

#ifdef DUP_CAP_A
static char *DupCap_A[SK_MAX_CARD_PARAM] = DUP_CAP_A;
#else
static char *DupCap_A[SK_MAX_CARD_PARAM] = {"", };
#endif
