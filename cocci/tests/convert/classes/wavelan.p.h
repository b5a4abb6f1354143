/* SPDX-License-Identifier: GPL-2.0-only */
/* The private header of a 2.2 network driver: its parameters live here,
 * their uses in wavelan.c. */
#ifndef WAVELAN_P_H
#define WAVELAN_P_H

#ifdef MODULE
static int io[4] = { 0, 0, 0, 0 };
static char name[4][IFNAMSIZ] = { "", "", "", "" };
MODULE_PARM(io, "1-4i");
MODULE_PARM(name, "1-4c" __MODULE_STRING(IFNAMSIZ));
#endif

#endif
