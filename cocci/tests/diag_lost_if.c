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

/* compiled on every kernel with module_param (as a module): the line
 * follows the declaration (3c515's #elif, ftape's KERNEL_VER) */
#if (LINUX_VERSION_CODE < 0x20123)
#define test_and_set_bit(val, addr) set_bit(val, addr)
#elif defined(MODULE)
MODULE_PARM(max_work, "i");
#endif

#if defined(LINUX_VERSION_CODE) && LINUX_VERSION_CODE >= KERNEL_VER(2,1,18)
MODULE_PARM(tracing, "i");
#endif

/* an #elif the declaration is not in */
#if (LINUX_VERSION_CODE < 0x20123)
#define test_and_clear_bit(val, addr) clear_bit(val, addr)
#elif defined(CONFIG_NET_POLL)
MODULE_PARM(poll, "i");
#endif

static int nomtrr __initdata = 0;
static int max_work = 20;
static int tracing = 3;
static int poll;
static int pci_probe = 1;
static int isa_probe = 1;

#ifdef CONFIG_FB_RIVA_DEBUG
static int rdebug;
#endif

int rivafb_init(void)
{
	return nomtrr + pci_probe + isa_probe;
}
