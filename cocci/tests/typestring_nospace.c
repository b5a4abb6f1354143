#include <linux/module.h>

#define MAX_CARDS 4

static int io[MAX_CARDS];
MODULE_PARM(io, "1-"__MODULE_STRING(MAX_CARDS)"i");
