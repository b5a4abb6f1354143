// SPDX-License-Identifier: GPL-2.0-only
/* strlog: the STREAMS log driver, as the package built it for 2.4. */
#include <linux/module.h>
#include <linux/kernel.h>
#include <sys/strconf.h>

static major_t major = 0;	/* 0: ask for a dynamic major */
MODULE_PARM(major, "i");
MODULE_PARM_DESC(major, "Major device number of the log driver");

static modID_t modid = CONFIG_STREAMS_LOG_MODID;
MODULE_PARM(modid, "h");
MODULE_PARM_DESC(modid, "STREAMS module id");

static minor_t nminor = 16;
MODULE_PARM(nminor, "i");

static struct module_info log_minfo = {
	.mi_idname = "strlog",
};

int init_module(void)
{
	log_minfo.mi_idnum = modid;
	printk(KERN_INFO "strlog: major %u, %u minors\n", major, nminor);
	return 0;
}

void cleanup_module(void)
{
}
