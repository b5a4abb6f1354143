/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Set-associative caches with LRU replacement, for simulated iTLBs and
 * instruction caches: a tag is an address shifted by the line or page
 * size; the set is its low bits.
 */
#ifndef LRU_H
#define LRU_H

#include <stdint.h>

struct lru_cache {
	unsigned int sets, ways;
	uint64_t *tag;		/* sets * ways, most recent first in a set */
	uint8_t *valid;
	uint64_t accesses, misses;
};

/* 0 on success, -1 when sets is not a power of two or memory is short. */
int lru_init(struct lru_cache *c, unsigned int entries, unsigned int ways);
void lru_free(struct lru_cache *c);
/* Look up tag, fill it on a miss; returns 1 on a hit, 0 on a miss. */
int lru_access(struct lru_cache *c, uint64_t tag);

/*
 * A two-level TLB: an L1 backed by an L2 that is filled on L1 misses
 * (an L1 hit does not touch the L2).  walks counts misses in both.
 */
struct tlb2 {
	struct lru_cache l1, l2;
	uint64_t walks;
};

int tlb2_init(struct tlb2 *t, unsigned int l1_entries, unsigned int l1_ways,
	      unsigned int l2_entries, unsigned int l2_ways);
void tlb2_free(struct tlb2 *t);
/* Returns 2 on an L1 hit, 1 on an L2 hit, 0 on a page walk. */
int tlb2_access(struct tlb2 *t, uint64_t page);

#endif
