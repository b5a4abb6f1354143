#include "../lowlevel/fdc-io.h"

unsigned int ft_fdc_base = 0x3f0;
unsigned int ft_fdc_irq = 6;
int ft_probe_fc10;
