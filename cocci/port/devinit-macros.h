/* SPDX-License-Identifier: GPL-2.0-only */
/* The 2.6 hotplug annotations as attributes for spatch (devinit.cocci) */
#define __devinit MACROANNOTATION
#define __devexit MACROANNOTATION
#define __devinitdata MACROANNOTATION
#define __devinitconst MACROANNOTATION
#define __devexitdata MACROANNOTATION
