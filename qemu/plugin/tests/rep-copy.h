/* SPDX-License-Identifier: GPL-2.0 */
#ifndef REP_COPY_H
#define REP_COPY_H

#include <stddef.h>

#define BYTES	65536

extern char src[BYTES], dst[BYTES];

/* rep-copy.S: n bytes from src to dst, one rep movsb */
void copy(size_t n);

#endif
