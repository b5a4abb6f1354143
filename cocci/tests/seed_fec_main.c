/* seed 011: drivers/net/fec_8xx/fec_main.c, global declared below */
#include <linux/module.h>

MODULE_DESCRIPTION("Motorola 8xx FEC ethernet driver");
MODULE_LICENSE("GPL");

MODULE_PARM(fec_8xx_debug, "i");
MODULE_PARM_DESC(fec_8xx_debug,
		 "FEC 8xx bitmapped debugging message enable value");

int fec_8xx_debug = -1;		/* -1 == use FEC_8XX_DEF_MSG_ENABLE as value */
