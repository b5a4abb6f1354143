/* SPDX-License-Identifier: GPL-2.0-only */
/* Solaris flavour: majors are 32-bit unsigned longs there. */
#ifndef _SYS_DKI_H
#define _SYS_DKI_H
typedef unsigned long major_t;
typedef unsigned long minor_t;
#endif
