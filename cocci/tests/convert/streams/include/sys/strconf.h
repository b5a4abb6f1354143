/* SPDX-License-Identifier: GPL-2.0-only */
/* What a STREAMS module includes: the stream head's types come with it. */
#ifndef _SYS_STRCONF_H
#define _SYS_STRCONF_H

#include <sys/stream.h>

#define CONFIG_STREAMS_LOG_MODID 44

#endif
