// SPDX-License-Identifier: GPL-2.0
/*
 * Diagnostics on stderr: one line per skipped input line, with file:line
 * and the reason, plus warnings and errors.
 */
#include <stdio.h>

#include "p2l.h"

int p2l_quiet;
unsigned long p2l_nskipped;

#define SHOW_MAX	60

static void put_excerpt(const char *what, size_t len)
{
	char buf[SHOW_MAX * 4 + 8];
	size_t i, o = 0;

	for (i = 0; i < len && i < SHOW_MAX; i++) {
		unsigned char c = what[i];

		if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\')
			buf[o++] = c;
		else
			o += snprintf(buf + o, sizeof(buf) - o, "\\x%02x", c);
	}
	if (len > SHOW_MAX)
		o += snprintf(buf + o, sizeof(buf) - o, "...");
	buf[o] = '\0';
	fprintf(stderr, ": \"%s\"", buf);
}

void p2l_skip(const struct p2l_src *src, const char *reason,
	      const char *what, size_t len)
{
	p2l_nskipped++;
	if (p2l_quiet)
		return;
	if (src->line)
		fprintf(stderr, "%s:%lu: skipped: %s", src->file, src->line,
			reason);
	else
		fprintf(stderr, "%s: skipped: %s", src->file, reason);
	if (what)
		put_excerpt(what, len);
	fputc('\n', stderr);
}
