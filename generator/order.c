// SPDX-License-Identifier: GPL-2.0
/*
 * Ordering and output: a stable radix sort of (key, payload) pairs,
 * hottest first, ties in first-seen order; and the linker list line.
 */
#include <stdlib.h>
#include <string.h>

#include "p2l.h"

/*
 * Key for descending order of a non-negative float: larger floats have
 * larger bit patterns, so complement them.
 */
uint32_t p2l_key(float v)
{
	uint32_t b;

	if (!(v > 0))
		v = 0;
	memcpy(&b, &v, 4);
	return ~b;
}

#define RADIX_BITS	11
#define RADIX		(1U << RADIX_BITS)

/*
 * Sort @n items by their upper 32 bits, stably.  @tmp has room for @n
 * items.  Return the array that holds the result (@a or @tmp).
 */
uint64_t *p2l_radix_sort(uint64_t *a, uint64_t *tmp, size_t n)
{
	static size_t cnt[RADIX];
	unsigned int shift;
	size_t i;

	for (shift = 32; shift < 64; shift += RADIX_BITS) {
		size_t sum = 0;
		uint64_t *t;

		memset(cnt, 0, sizeof(cnt));
		for (i = 0; i < n; i++)
			cnt[(a[i] >> shift) & (RADIX - 1)]++;
		for (i = 0; i < RADIX; i++) {
			size_t c = cnt[i];

			if (c == n)
				break;	/* all equal: nothing to do */
			cnt[i] = sum;
			sum += c;
		}
		if (i < RADIX)
			continue;
		for (i = 0; i < n; i++)
			tmp[cnt[(a[i] >> shift) & (RADIX - 1)]++] = a[i];
		t = a;
		a = tmp;
		tmp = t;
	}
	return a;
}

/*
 * The linker list line for function @name.  GCC puts the cold part of
 * foo, named foo.cold (foo.cold.N before GCC 8), in .text.unlikely.foo.
 */
size_t p2l_format_line(char *out, const char *name, size_t len)
{
	const char *pfx = "*(.text.";
	size_t base = len, i, o;

	for (i = len; i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9'; i--)
		;
	if (i < len && i > 0 && name[i - 1] == '.')
		i--;
	else
		i = len;
	if (i > 5 && !memcmp(name + i - 5, ".cold", 5)) {
		pfx = "*(.text.unlikely.";
		base = i - 5;
	}
	o = strlen(pfx);
	memcpy(out, pfx, o);
	memcpy(out + o, name, base);
	o += base;
	out[o++] = ')';
	out[o++] = '\n';
	return o;
}
