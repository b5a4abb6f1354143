// SPDX-License-Identifier: GPL-2.0
/*
 * test-lru - unit tests of the caches kernel-fetch simulates: LRU order,
 * set mapping, the geometry of the modelled iTLBs and L1i (KTAP).
 */
#include <stdint.h>

#include "kselftest.h"
#include "lru.h"

/* Access tags first..first+n-1, rounds times; return the misses. */
static uint64_t sweep(struct lru_cache *c, uint64_t first, uint64_t n, int rounds)
{
	uint64_t before = c->misses, t;
	int r;

	for (r = 0; r < rounds; r++)
		for (t = first; t < first + n; t++)
			lru_access(c, t);
	return c->misses - before;
}

int main(void)
{
	struct lru_cache c;
	struct tlb2 t;
	uint64_t m1, m2, w;
	int ok, i;

	ksft_print_header();
	ksft_set_plan(8);

	ksft_test_result(lru_init(&c, 12, 4) == -1 && lru_init(&c, 8, 3) == -1,
			 "sets must be a power of two, entries a multiple of ways\n");

	/* 8 entries, fully associative: 8 tags fit, 9 in a cycle never hit. */
	lru_init(&c, 8, 8);
	m1 = sweep(&c, 100, 8, 1);
	m2 = sweep(&c, 100, 8, 3);
	ksft_test_result(m1 == 8 && m2 == 0, "8 tags in 8 entries: 8 cold misses, then hits (%llu, %llu)\n",
			 (unsigned long long)m1, (unsigned long long)m2);
	m1 = sweep(&c, 0, 9, 3);
	ksft_test_result(m1 == 27, "9 tags cycled through 8 LRU entries always miss (%llu of 27)\n",
			 (unsigned long long)m1);

	/* The least recently used entry goes, not the oldest filled. */
	lru_free(&c);
	lru_init(&c, 8, 8);
	sweep(&c, 0, 8, 1);		/* 0..7, 0 least recent */
	lru_access(&c, 0);		/* now 1 is */
	lru_access(&c, 8);		/* evicts 1 */
	ok = lru_access(&c, 0) && !lru_access(&c, 1) && lru_access(&c, 8);
	ksft_test_result(ok, "a hit makes an entry most recent; the LRU one is evicted\n");
	lru_free(&c);

	/* Direct mapped, 2 sets: even tags share set 0. */
	lru_init(&c, 2, 1);
	lru_access(&c, 0);
	lru_access(&c, 1);
	ok = lru_access(&c, 0) && lru_access(&c, 1);
	lru_access(&c, 2);
	ok = ok && !lru_access(&c, 0) && lru_access(&c, 1);
	ksft_test_result(ok, "the set is the tag's low bits\n");
	lru_free(&c);

	/* L1i: 32 KiB, 8-way, 64-byte lines = 512 lines. */
	lru_init(&c, 512, 8);
	m1 = sweep(&c, 0, 512, 1);
	m2 = sweep(&c, 0, 512, 1);
	w = sweep(&c, 0, 520, 2);
	/*
	 * 520 lines: sets 0-7 hold 9 lines each.  The first pass misses
	 * the 8 new lines; in the second, each of those sets evicts the
	 * line it needs next, so all 72 of their lines miss.
	 */
	ksft_test_result(m1 == 512 && m2 == 0 && w == 8 + 72,
			 "L1i: 32 KiB of code fits (%llu, %llu misses); 8 more lines thrash their 8 sets (%llu of 80)\n",
			 (unsigned long long)m1, (unsigned long long)m2, (unsigned long long)w);
	lru_free(&c);

	/* 4 KiB iTLB: 64-entry L1, 1536-entry L2. */
	tlb2_init(&t, 64, 8, 1536, 12);
	for (i = 0; i < 2; i++)
		for (w = 0; w < 1000; w++)
			tlb2_access(&t, w);
	m1 = t.walks;
	for (i = 0; i < 2; i++)
		for (w = 0; w < 64; w++)
			tlb2_access(&t, 5000 + w);
	ksft_test_result(m1 == 1000 && t.walks == 1064 && t.l1.misses == 2000 + 64,
			 "iTLB: 1000 pages walk once, then hit the L2; 64 pages hit the L1 (%llu walks, %llu L1 misses)\n",
			 (unsigned long long)t.walks, (unsigned long long)t.l1.misses);
	tlb2_free(&t);

	tlb2_init(&t, 64, 8, 1536, 12);
	for (i = 0; i < 2; i++)
		for (w = 0; w < 2048; w++)
			tlb2_access(&t, w);
	ksft_test_result(t.walks == 4096,
			 "iTLB: 2048 pages in a loop overflow the 1536-entry L2 (%llu of 4096 walk)\n",
			 (unsigned long long)t.walks);
	tlb2_free(&t);

	ksft_finished();
}
