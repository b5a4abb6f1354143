// SPDX-License-Identifier: GPL-2.0
/*
 * Ordering: sort keys of scores, and a stable radix sort of (key,
 * payload) pairs, hottest first, ties in first-seen order.
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
