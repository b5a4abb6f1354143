/* SPDX-License-Identifier: GPL-2.0-only */
/* HP-UX flavour. */
#ifndef _SYS_DKI_H
#define _SYS_DKI_H
typedef int major_t;
typedef int minor_t;
#endif
