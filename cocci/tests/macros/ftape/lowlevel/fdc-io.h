/* the parameters are defined in fdc-io.c, another file of the module */
extern unsigned int ft_fdc_base;
extern unsigned int ft_fdc_irq;
extern int ft_probe_fc10;
