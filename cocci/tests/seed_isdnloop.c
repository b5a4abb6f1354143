/* seed 011: drivers/isdn/isdnloop/isdnloop.c, "s" on char * */
#include <linux/module.h>

static char *isdnloop_id = "loop0";

MODULE_LICENSE("GPL");
MODULE_PARM(isdnloop_id, "s");
MODULE_PARM_DESC(isdnloop_id, "ID-String of first card");
