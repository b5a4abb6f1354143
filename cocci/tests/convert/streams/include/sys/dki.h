/* SPDX-License-Identifier: GPL-2.0-only */
/* Device-kernel interface of the STREAMS package, Linux flavour. */
#ifndef _SYS_DKI_H
#define _SYS_DKI_H

#include <linux/types.h>

typedef __kernel_dev_t major_t;
typedef __kernel_dev_t minor_t;

#define NMAJORS 256

#endif
