/* 2.4-era habits: EXPORT_NO_SYMBOLS, __initdata after the declarator, space before ( */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/init.h>

EXPORT_NO_SYMBOLS;

static int debug __initdata = 0;
static int io[4] __initdata = { 0x300, 0, };
static char *options[4] __devinitdata = { NULL, };
static int full_duplex[4] = {-1, -1, -1, -1};

MODULE_AUTHOR("Someone");
MODULE_DESCRIPTION("old driver");
MODULE_PARM (debug, "i");
MODULE_PARM(io, "1-4i");
MODULE_PARM(options, "1-4s");
MODULE_PARM(full_duplex, "1-" __MODULE_STRING(4) "i");
MODULE_PARM_DESC(debug, "debug");

static int __init foo_init(void)
{
	printk(KERN_INFO "foo" __DATE__ "\n");
	return 0;
}

int init_module(void) { return foo_init(); }
void cleanup_module(void) { }
