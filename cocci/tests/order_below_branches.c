/* declared below the site, in every branch of an #if with an #else, with
 * one type (eata's linked_comm and max_queue_depth, a three-way #elif as
 * tulip's csr0): spatch adds the line after the declaration in each
 * branch; modparm-convert puts one after the #endif, where every
 * configuration has the variable (convert/order_below_branches.conv) */
#include <linux/module.h>

#if defined(MODULE)
MODULE_PARM(linked_comm, "i");
MODULE_PARM(link_statistics, "i");
MODULE_PARM(max_queue_depth, "i");
MODULE_PARM(csr0, "i");
#endif

static int link_statistics = 0;

#if defined(CONFIG_SCSI_EATA_LINKED_COMMANDS)
static int linked_comm = TRUE;
#else
static int linked_comm = FALSE;
#endif

#if defined(CONFIG_SCSI_EATA_MAX_TAGS)
static int max_queue_depth = CONFIG_SCSI_EATA_MAX_TAGS;
#else
static int max_queue_depth = MAX_CMD_PER_LUN;
#endif

#if defined(__alpha__)
static int csr0 = 0x01A00000 | 0xE000;
#elif defined(__i386__) || defined(__powerpc__) || defined(__sparc__)
static int csr0 = 0x01A00000 | 0x8000;
#else
#warning Processor architecture undefined!
static int csr0 = 0x00A00000 | 0x4800;
#endif

static int probe(void)
{
	return linked_comm + max_queue_depth + csr0 + link_statistics;
}
