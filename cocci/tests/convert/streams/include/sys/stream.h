/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _SYS_STREAM_H
#define _SYS_STREAM_H

#include <sys/dki.h>

typedef ushort modID_t;
typedef unsigned char uchar_t;

struct module_info {
	modID_t mi_idnum;
	char *mi_idname;
};

#endif
