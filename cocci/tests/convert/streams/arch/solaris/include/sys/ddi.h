/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _SYS_DDI_H
#define _SYS_DDI_H
typedef unsigned long pl_t;
#endif
