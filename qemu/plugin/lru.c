// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "lru.h"

int lru_init(struct lru_cache *c, unsigned int entries, unsigned int ways)
{
	memset(c, 0, sizeof(*c));
	if (!ways || entries % ways)
		return -1;
	c->sets = entries / ways;
	c->ways = ways;
	if (c->sets & (c->sets - 1))
		return -1;
	c->tag = calloc(entries, sizeof(*c->tag));
	c->valid = calloc(entries, sizeof(*c->valid));
	if (!c->tag || !c->valid) {
		lru_free(c);
		return -1;
	}
	return 0;
}

void lru_free(struct lru_cache *c)
{
	free(c->tag);
	free(c->valid);
	c->tag = NULL;
	c->valid = NULL;
}

int lru_access(struct lru_cache *c, uint64_t tag)
{
	unsigned int set = tag & (c->sets - 1), i, hit = 0;
	uint64_t *t = c->tag + (size_t)set * c->ways;
	uint8_t *v = c->valid + (size_t)set * c->ways;

	c->accesses++;
	for (i = 0; i < c->ways; i++) {
		if (v[i] && t[i] == tag) {
			hit = 1;
			break;
		}
	}
	if (!hit) {
		c->misses++;
		i = c->ways - 1;	/* evict the least recently used */
	}
	/* Move entry i to the front. */
	memmove(t + 1, t, i * sizeof(*t));
	memmove(v + 1, v, i * sizeof(*v));
	t[0] = tag;
	v[0] = 1;
	return hit;
}

int tlb2_init(struct tlb2 *t, unsigned int l1_entries, unsigned int l1_ways,
	      unsigned int l2_entries, unsigned int l2_ways)
{
	t->walks = 0;
	if (lru_init(&t->l1, l1_entries, l1_ways))
		return -1;
	if (l2_entries && lru_init(&t->l2, l2_entries, l2_ways)) {
		lru_free(&t->l1);
		return -1;
	}
	if (!l2_entries)
		memset(&t->l2, 0, sizeof(t->l2));
	return 0;
}

void tlb2_free(struct tlb2 *t)
{
	lru_free(&t->l1);
	lru_free(&t->l2);
}

int tlb2_access(struct tlb2 *t, uint64_t page)
{
	if (lru_access(&t->l1, page))
		return 2;
	if (t->l2.tag && lru_access(&t->l2, page))
		return 1;
	t->walks++;
	return 0;
}
