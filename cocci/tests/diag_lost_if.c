/* declared only below a MODULE_PARM that sits under an #if the
 * declaration is not in: a module_param line after the declaration
 * would give every configuration the parameter (and leave its
 * MODULE_PARM_DESC behind in the #if), so the site is left, named
 * (rivafb's nomtrr); under the same condition tested again below, the
 * line follows the declaration */
#include <linux/module.h>

#ifdef CONFIG_MTRR
MODULE_PARM(nomtrr, "i");
MODULE_PARM_DESC(nomtrr, "Disable MTRR support (default=0)");
#endif

#ifdef CONFIG_PCI
MODULE_PARM(pci_probe, "i");
#else
MODULE_PARM(isa_probe, "i");
#endif

#ifdef CONFIG_FB_RIVA_DEBUG
MODULE_PARM(rdebug, "i");
#endif

static int nomtrr __initdata = 0;
static int pci_probe = 1;
static int isa_probe = 1;

#ifdef CONFIG_FB_RIVA_DEBUG
static int rdebug;
#endif

int rivafb_init(void)
{
	return nomtrr + pci_probe + isa_probe;
}
