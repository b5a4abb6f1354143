// SPDX-License-Identifier: GPL-2.0
/*
 * Fields of an input line: runs of characters other than blanks (space,
 * tab), as every input format writes them.
 */
#include <string.h>

#include "p2l.h"

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

/*
 * Split the line @s of @len bytes into its fields, at most @max of them
 * into @f.  Return how many were stored: @max means there may be more.
 */
int p2l_fields(const char *s, size_t len, struct p2l_field *f, int max)
{
	const char *end = s + len;
	int n = 0;

	while (n < max) {
		while (s < end && is_blank(*s))
			s++;
		if (s == end)
			break;
		f[n].s = s;
		while (s < end && !is_blank(*s))
			s++;
		f[n].len = s - f[n].s;
		n++;
	}
	return n;
}

/* Whether field @f is a hexadecimal number, without "0x". */
int p2l_field_is_hex(const struct p2l_field *f)
{
	size_t i;

	for (i = 0; i < f->len; i++) {
		char c = f->s[i];

		if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
		      (c >= 'A' && c <= 'F')))
			return 0;
	}
	return f->len > 0;
}

/* Whether field @f is the string @str. */
int p2l_field_is(const struct p2l_field *f, const char *str)
{
	size_t n = strlen(str);

	return f->len == n && !memcmp(f->s, str, n);
}
