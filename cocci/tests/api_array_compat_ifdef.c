/* the old half of a compat block whose other half has the 2.6.10 form */
#include <linux/module.h>
#include <linux/moduleparam.h>

static int irq[4];
static int num_irq;
static int mtu[4];
static unsigned int num_mtu;

#ifdef OLD_MODULE_PARAM_ARRAY
module_param_array(irq, int, num_irq, 0);
#else
module_param_array(irq, int, &num_irq, 0);
#endif

#ifndef OLD_MODULE_PARAM_ARRAY
module_param_array(mtu, int, NULL, 0444);
#else
module_param_array(mtu, int, num_mtu, 0444);
#endif
