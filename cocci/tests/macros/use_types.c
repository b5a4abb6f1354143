/*
 * Wrappers that do not declare the variable: converted when every use
 * names a variable of one declared type (PLAIN); when the uses need
 * different types (MIXED), each use becomes its converted expansion and
 * the #define goes with its last use; left at each use when a use has no
 * variable (GHOST).
 */
#include <linux/module.h>

#define PLAIN(x) MODULE_PARM(x, "i")
#define MIXED(x) MODULE_PARM(x, "i")
#define GHOST(x) MODULE_PARM(x, "i")

static int io, irq;
static int m1;
static long m2;
static int g1;

PLAIN(io);
PLAIN(irq);
MIXED(m1);
MIXED(m2);
GHOST(g1);
GHOST(nosuch);
