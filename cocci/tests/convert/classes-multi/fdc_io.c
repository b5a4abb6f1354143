// SPDX-License-Identifier: GPL-2.0
/* the variable the other file's MODULE_PARM names, static it would not be found */
int fdc_base = 0x3f0;
static int fdc_gone_too;

/* a member of the same name written at column 0 is no variable of it */
struct fdc_state {
int fdc_gone;
};
