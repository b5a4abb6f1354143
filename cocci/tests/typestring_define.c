#include <linux/module.h>

#define PARPORT_MAX 4
#define PARM_PARA "1-" __MODULE_STRING(PARPORT_MAX) "i"

static int parport[PARPORT_MAX];
static int irq[PARPORT_MAX];
MODULE_PARM(parport, PARM_PARA);
MODULE_PARM(irq, PARM_PARA);
