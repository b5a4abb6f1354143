// SPDX-License-Identifier: GPL-2.0
/*
 * The table of profiled functions: an open-addressing hash table of
 * 32-bit entry indices with 8-bit tags, entries of 8 bytes and names in one arena, so
 * that a million functions fit in a few tens of megabytes.
 *
 * Each profile is normalised to its own total when it ends, then added
 * to the scores of the earlier ones with its weight.
 */
#include <stdlib.h>
#include <string.h>

#include "p2l.h"

#define INIT_SLOTS	(1U << 14)
#define INIT_ENTS	(1U << 13)
#define MAX_ENTS	(1U << 30)

static int grow(void **p, size_t nmemb, size_t size)
{
	void *q;

	if (!*p && nmemb == 0)
		return 0;
	q = realloc(*p, nmemb * size);
	if (!q)
		return -1;
	*p = q;
	return 0;
}

/* A non-zero 8-bit tag per slot, so that probes rarely touch entries. */
static inline uint8_t tag_of(uint64_t h)
{
	return (h >> 56) | 1;
}

static int alloc_slots(struct p2l_tab *t, uint32_t nslots)
{
	t->slot = malloc((size_t)nslots * sizeof(*t->slot));
	t->tag = calloc(nslots, 1);
	if (!t->slot || !t->tag) {
		free(t->slot);
		free(t->tag);
		t->slot = NULL;
		t->tag = NULL;
		return -1;
	}
	t->mask = nslots - 1;
	return 0;
}

int p2l_tab_init(struct p2l_tab *t, int track)
{
	memset(t, 0, sizeof(*t));
	t->track = track;
	t->q = malloc(P2L_QUEUE * sizeof(*t->q));
	if (!t->q)
		return -1;
	return alloc_slots(t, INIT_SLOTS);
}

void p2l_tab_free(struct p2l_tab *t)
{
	free(t->ent);
	free(t->q);
	free(t->slot);
	free(t->tag);
	free(t->arena);
	free(t->score);
	free(t->size);
	free(t->file);
	free(t->line);
	memset(t, 0, sizeof(*t));
}

const char *p2l_tab_name(const struct p2l_tab *t, uint32_t i, size_t *len)
{
	const unsigned char *a = t->arena + t->ent[i].name;
	size_t l = a[0];

	if (l & 0x80) {
		l = (l & 0x7f) | ((size_t)a[1] << 7);
		a++;
	}
	*len = l;
	return (const char *)a + 1;
}

static int rehash(struct p2l_tab *t, uint32_t nslots)
{
	uint32_t *os = t->slot;
	uint8_t *ot = t->tag;
	uint32_t i;

	if (alloc_slots(t, nslots)) {
		t->slot = os;
		t->tag = ot;
		return -1;
	}
	for (i = 0; i < t->n; i++) {
		size_t len;
		const char *s = p2l_tab_name(t, i, &len);
		uint64_t h = p2l_hash(s, len);
		uint32_t k = h & t->mask;

		while (t->tag[k])
			k = (k + 1) & t->mask;
		t->tag[k] = tag_of(h);
		t->slot[k] = i;
	}
	free(os);
	free(ot);
	return 0;
}

/* Make room for about @n functions at once, to avoid rehashing. */
int p2l_tab_reserve(struct p2l_tab *t, size_t n)
{
	uint32_t nslots = t->mask + 1;

	if (n > MAX_ENTS)
		n = MAX_ENTS;
	while (nslots / 4 * 3 < n)
		nslots *= 2;
	if (nslots == t->mask + 1)
		return 0;
	return rehash(t, nslots);
}

static int grow_ents(struct p2l_tab *t)
{
	uint32_t ncap = t->cap ? t->cap * 2 : INIT_ENTS;

	if (t->cap >= MAX_ENTS)
		return -1;
	if (grow((void **)&t->ent, ncap, sizeof(*t->ent)))
		return -1;
	if (t->score && grow((void **)&t->score, ncap, sizeof(*t->score)))
		return -1;
	if (t->track) {
		if (grow((void **)&t->file, ncap, sizeof(*t->file)) ||
		    grow((void **)&t->line, ncap, sizeof(*t->line)))
			return -1;
	}
	t->cap = ncap;
	return 0;
}

static long lookup(const struct p2l_tab *t, const char *name, size_t len,
		   uint64_t h, uint32_t *slotp)
{
	uint32_t k = h & t->mask;
	uint8_t tag = tag_of(h), g;

	while ((g = t->tag[k])) {
		if (g == tag) {
			uint32_t e = t->slot[k];
			const unsigned char *a = t->arena + t->ent[e].name;
			size_t l = a[0];

			if (l & 0x80) {
				l = (l & 0x7f) | ((size_t)a[1] << 7);
				a++;
			}
			if (l == len && !memcmp(a + 1, name, len))
				return e;
		}
		k = (k + 1) & t->mask;
	}
	*slotp = k;
	return -1;
}

long p2l_tab_find(const struct p2l_tab *t, const char *name, size_t len,
		  uint64_t h)
{
	uint32_t k;

	if (!t->tag || t->qlen)
		return -1;
	return lookup(t, name, len, h, &k);
}

static int insert(struct p2l_tab *t, const char *name, size_t len,
		  uint64_t h, double count, unsigned long line)
{
	uint32_t k, i;
	long e;
	unsigned char *a;

	e = lookup(t, name, len, h, &k);
	if (e >= 0) {
		t->ent[e].val += count;
		return 0;
	}
	if (t->n >= t->cap && grow_ents(t))
		return -1;
	if (t->alen + len + 2 > t->acap) {
		size_t ncap = t->acap ? t->acap * 2 : 1 << 16;

		while (t->alen + len + 2 > ncap)
			ncap *= 2;
		if (ncap > UINT32_MAX || grow((void **)&t->arena, ncap, 1))
			return -1;
		t->acap = ncap;
	}
	i = t->n++;
	t->ent[i].name = t->alen;
	t->ent[i].val = count;
	a = t->arena + t->alen;
	if (len < 0x80) {
		*a++ = len;
	} else {
		*a++ = 0x80 | (len & 0x7f);
		*a++ = len >> 7;
	}
	memcpy(a, name, len);
	t->alen = a + len - t->arena;
	if (t->score)
		t->score[i] = 0;
	if (t->track) {
		t->file[i] = t->cur_file;
		t->line[i] = line > UINT32_MAX ? UINT32_MAX : line;
	}
	t->slot[k] = i;
	t->tag[k] = tag_of(h);
	if (t->n > (t->mask + 1) / 4 * 3 && rehash(t, (t->mask + 1) * 2))
		return -1;
	return 0;
}

/*
 * Insertions go through a short queue: the hash slot of each name is
 * prefetched when it is queued and touched only some names later, so
 * that cache misses overlap instead of adding up.
 */
static int dequeue(struct p2l_tab *t)
{
	struct p2l_pending *p = &t->q[t->qhead];

	t->qhead = (t->qhead + 1) % P2L_QUEUE;
	t->qlen--;
	return insert(t, p->name, p->len, p->h, p->count, p->line);
}

/* Make all queued insertions. */
int p2l_tab_flush(struct p2l_tab *t)
{
	while (t->qlen)
		if (dequeue(t))
			return -1;
	return 0;
}

/*
 * Add @count samples to function @name (already validated, hash @h).
 * Return 0, or -1 when out of memory.
 */
int p2l_tab_add(struct p2l_tab *t, const char *name, size_t len,
		uint64_t h, double count, const struct p2l_src *src)
{
	struct p2l_pending *p;
	uint32_t k;

	t->cur_total += count;
	if (t->qlen == P2L_QUEUE && dequeue(t))
		return -1;
	p = &t->q[(t->qhead + t->qlen) % P2L_QUEUE];
	t->qlen++;
	memcpy(p->name, name, len);
	p->len = len;
	p->h = h;
	p->count = count;
	p->line = src->line;
	k = h & t->mask;
	__builtin_prefetch(&t->tag[k]);
	__builtin_prefetch(&t->slot[k], 1);
	return 0;
}

/*
 * Start a new profile.  From the second profile on, the scores so far
 * move to their own array and the entries count the new profile.
 */
int p2l_tab_begin(struct p2l_tab *t, uint32_t file)
{
	uint32_t i;

	t->cur_total = 0;
	t->cur_file = file;
	if (t->nprofiles && !t->score) {
		t->score = malloc((size_t)(t->cap ? t->cap : 1) *
				  sizeof(*t->score));
		if (!t->score)
			return -1;
		for (i = 0; i < t->n; i++) {
			t->score[i] = t->ent[i].val;
			t->ent[i].val = 0;
		}
	}
	return 0;
}

/*
 * End the current profile: normalise its counts to its own total and
 * add them, times @weight, to the scores of the earlier profiles.
 */
int p2l_tab_end(struct p2l_tab *t, double weight)
{
	double f;
	uint32_t i;

	if (p2l_tab_flush(t))
		return -1;
	if (t->cur_total <= 0) {
		/* Nothing counted; entries of this profile have 0. */
		return 0;
	}
	f = weight / t->cur_total;
	if (!t->nprofiles) {
		for (i = 0; i < t->n; i++)
			t->ent[i].val = t->ent[i].val * f;
	} else {
		for (i = 0; i < t->n; i++) {
			t->score[i] += t->ent[i].val * f;
			t->ent[i].val = 0;
		}
	}
	t->nprofiles++;
	t->total_weight += weight;
	return 0;
}

/* Free the hash slots; put the merged scores back into the entries. */
void p2l_tab_drop_hash(struct p2l_tab *t)
{
	uint32_t i;

	free(t->slot);
	free(t->tag);
	t->slot = NULL;
	t->tag = NULL;
	if (t->score) {
		for (i = 0; i < t->n; i++)
			t->ent[i].val = t->score[i];
		free(t->score);
		t->score = NULL;
	}
}
