/* seed 011: drivers/isdn/hysdn/hycapi.c, "i" on unsigned int */
#include <linux/module.h>

unsigned int hycapi_enable = 0xffffffff; 
MODULE_PARM(hycapi_enable, "i");
