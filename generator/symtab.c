// SPDX-License-Identifier: GPL-2.0
/*
 * The table of profiled functions: an open-addressing hash table whose
 * 32-bit slots hold an 8-bit tag of the hash and a 24-bit entry index,
 * 8-byte entries and the names in one arena, so that a million functions
 * fit in a few tens of megabytes.
 *
 * Each profile is normalised to its own total when it ends, then added
 * to the scores of the earlier ones with its weight.
 */
#include <stdlib.h>
#include <string.h>

#include "p2l.h"

#define INIT_SLOTS	(1U << 14)
#define INIT_ENTS	(1U << 13)
#define IDX_BITS	24
#define IDX_MASK	((1U << IDX_BITS) - 1)
#define MAX_ENTS	IDX_MASK
#define QUEUE		16

struct ent {
	uint32_t name;		/* offset of the name in the arena */
	float val;		/* raw count while parsing, then score */
};

struct pending {
	uint64_t h;
	double count;
	unsigned long line;
	size_t len;
	char name[P2L_NAME_MAX + 1];
};

struct p2l_tab {
	struct ent *ent;
	uint32_t n, cap;
	uint32_t *slot;		/* hash slots: 0 or tag | entry index */
	uint32_t nslots;
	unsigned char *arena;	/* varint length, then the name */
	size_t alen, acap;
	float *score;		/* merged scores of earlier profiles */
	uint32_t *fold;		/* NULL, or the entry each one is folded into */
	uint32_t nfold;
	struct pending *q;	/* insertions not made yet */
	unsigned int qhead, qlen;
	/* where each function was first seen, for skip reports */
	uint32_t *file;
	uint32_t *line;
	int track;
	/* current profile */
	double cur_total;
	uint32_t cur_file;
	/* all profiles */
	double total_weight;
	unsigned int nprofiles;
};

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

/*
 * A slot is 0 when free, else a non-zero 8-bit tag of the hash over the
 * entry index, so that probes rarely touch entries.
 */
static inline uint32_t tag_of(uint64_t h)
{
	return (uint32_t)((h & 0xff) | 1) << IDX_BITS;
}

/* The home slot: the hash scaled to any table size. */
static inline uint32_t home(const struct p2l_tab *t, uint64_t h)
{
	return (uint32_t)(((h >> 32) * t->nslots) >> 32);
}

static int alloc_slots(struct p2l_tab *t, uint32_t nslots)
{
	t->slot = calloc(nslots, sizeof(*t->slot));
	if (!t->slot)
		return -1;
	t->nslots = nslots;
	return 0;
}

/*
 * A table for the functions of all profiles; @track: remember where each
 * was first seen.  NULL when out of memory.
 */
struct p2l_tab *p2l_tab_new(int track)
{
	struct p2l_tab *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->track = track;
	t->q = malloc(QUEUE * sizeof(*t->q));
	if (!t->q || alloc_slots(t, INIT_SLOTS)) {
		p2l_tab_free(t);
		return NULL;
	}
	return t;
}

void p2l_tab_free(struct p2l_tab *t)
{
	if (!t)
		return;
	free(t->ent);
	free(t->q);
	free(t->slot);
	free(t->arena);
	free(t->score);
	free(t->fold);
	free(t->file);
	free(t->line);
	free(t);
}

/* The name of the entry whose name starts at arena offset @off. */
static const char *arena_name(const struct p2l_tab *t, uint32_t off,
			      size_t *len)
{
	const unsigned char *a = t->arena + off;
	size_t l = a[0];

	if (l & 0x80) {
		l = (l & 0x7f) | ((size_t)a[1] << 7);
		a++;
	}
	*len = l;
	return (const char *)a + 1;
}

const char *p2l_tab_name(const struct p2l_tab *t, uint32_t i, size_t *len)
{
	return arena_name(t, t->ent[i].name, len);
}

/*
 * A list in score order reads the names in no order at all: start
 * loading the entry of function @i, which will be asked for later, and
 * the name of @soon, whose entry was asked for before.
 */
void p2l_tab_prefetch(const struct p2l_tab *t, uint32_t i, uint32_t soon)
{
	__builtin_prefetch(&t->ent[i]);
	__builtin_prefetch(t->arena + t->ent[soon].name);
}

uint32_t p2l_tab_count(const struct p2l_tab *t)
{
	return t->n;
}

/* The merged score of function @i over the profiles ended so far. */
float p2l_tab_score(const struct p2l_tab *t, uint32_t i)
{
	return t->score ? t->score[i] : t->ent[i].val;
}

/* Where function @i was first seen: profile number and line. */
void p2l_tab_origin(const struct p2l_tab *t, uint32_t i, uint32_t *file,
		    unsigned long *line)
{
	*file = t->track ? t->file[i] : 0;
	*line = t->track ? t->line[i] : 0;
}

/* The samples of the current profile so far, listed or not. */
double p2l_tab_profile_total(const struct p2l_tab *t)
{
	return t->cur_total;
}

/* The sum of the weights of the profiles that had samples. */
double p2l_tab_weight(const struct p2l_tab *t)
{
	return t->total_weight;
}

unsigned int p2l_tab_profiles(const struct p2l_tab *t)
{
	return t->nprofiles;
}

/* Count a sample that cannot be attributed to a function. */
void p2l_tab_unknown(struct p2l_tab *t, double count)
{
	t->cur_total += count;
}

static int rehash(struct p2l_tab *t, uint32_t nslots)
{
	uint32_t *os = t->slot, on = t->nslots;
	uint32_t i;

	if (alloc_slots(t, nslots)) {
		t->slot = os;
		t->nslots = on;
		return -1;
	}
	for (i = 0; i < t->n; i++) {
		size_t len;
		const char *s = p2l_tab_name(t, i, &len);
		uint64_t h = p2l_hash(s, len);
		uint32_t k = home(t, h);

		while (t->slot[k])
			if (++k == t->nslots)
				k = 0;
		t->slot[k] = tag_of(h) | i;
	}
	free(os);
	return 0;
}

/* At most 3/4 of the slots are used. */
static int full(uint32_t n, uint32_t nslots)
{
	return n > nslots / 4 * 3;
}

/* Make room for about @more functions at once, to avoid rehashing. */
int p2l_tab_reserve(struct p2l_tab *t, size_t more)
{
	size_t n = t->n + more;

	if (n > MAX_ENTS)
		n = MAX_ENTS;
	if (!full(n, t->nslots))
		return 0;
	return rehash(t, n / 3 * 4 + 64);
}

static int grow_ents(struct p2l_tab *t)
{
	uint32_t ncap = t->cap ? t->cap * 2 : INIT_ENTS;

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
	uint32_t k = home(t, h);
	uint32_t tag = tag_of(h), g;

	while ((g = t->slot[k])) {
		if ((g & ~IDX_MASK) == tag) {
			uint32_t e = g & IDX_MASK;
			size_t l;
			const char *s = p2l_tab_name(t, e, &l);

			if (l == len && !memcmp(s, name, len))
				return e;
		}
		if (++k == t->nslots)
			k = 0;
	}
	*slotp = k;
	return -1;
}

long p2l_tab_find(const struct p2l_tab *t, const char *name, size_t len,
		  uint64_t h)
{
	uint32_t k;

	if (!t->slot || t->qlen)
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
	if (t->n > IDX_MASK) {
		p2l_err("more than %u distinct functions", IDX_MASK + 1);
		return -1;
	}
	if (t->n >= t->cap && grow_ents(t))
		goto oom;
	if (t->alen + len + 2 > t->acap) {
		size_t ncap = t->acap ? t->acap * 2 : 1 << 16;

		while (t->alen + len + 2 > ncap)
			ncap *= 2;
		if (ncap > UINT32_MAX || grow((void **)&t->arena, ncap, 1))
			goto oom;
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
	t->slot[k] = tag_of(h) | i;
	if (full(t->n, t->nslots) &&
	    rehash(t, t->nslots > UINT32_MAX / 2 ? UINT32_MAX : t->nslots * 2))
		goto oom;
	return 0;
oom:
	p2l_err("out of memory");
	return -1;
}

/*
 * Insertions go through a short queue: the hash slot of each name is
 * prefetched when it is queued and touched only some names later, so
 * that cache misses overlap instead of adding up.
 */
static int dequeue(struct p2l_tab *t)
{
	struct pending *p = &t->q[t->qhead];

	t->qhead = (t->qhead + 1) % QUEUE;
	t->qlen--;
	return insert(t, p->name, p->len, p->h, p->count, p->line);
}

/* Make all queued insertions. */
static int flush(struct p2l_tab *t)
{
	while (t->qlen)
		if (dequeue(t))
			return -1;
	return 0;
}

/*
 * Add @count samples to function @name (already validated, hash @h).
 * Return 0, or -1 after an error message (out of memory).
 */
int p2l_tab_add(struct p2l_tab *t, const char *name, size_t len,
		uint64_t h, double count, const struct p2l_src *src)
{
	struct pending *p;
	uint32_t k;

	t->cur_total += count;
	if (t->qlen == QUEUE && dequeue(t))
		return -1;
	p = &t->q[(t->qhead + t->qlen) % QUEUE];
	t->qlen++;
	memcpy(p->name, name, len);
	p->len = len;
	p->h = h;
	p->count = count;
	p->line = src->line;
	k = home(t, h);
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
		if (!t->score) {
			p2l_err("out of memory");
			return -1;
		}
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

	if (flush(t))
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

/*
 * After the last profile: free the hash slots (p2l_tab_find finds
 * nothing any more) and put the merged scores back into the entries.
 */
void p2l_tab_finish(struct p2l_tab *t)
{
	uint32_t i;

	free(t->slot);
	t->slot = NULL;
	if (t->score) {
		for (i = 0; i < t->n; i++)
			t->ent[i].val = t->score[i];
		free(t->score);
		t->score = NULL;
	}
}

/*
 * After the last profile and before p2l_tab_finish(): move the merged
 * score of entry @from to the function @name (hash @h), which joins the
 * table if it has no samples of its own, and remember the move for
 * p2l_tab_folded().  Return @name's index, or -1 after an error message.
 */
long p2l_tab_fold(struct p2l_tab *t, uint32_t from, const char *name,
		  size_t len, uint64_t h)
{
	uint32_t k, i;
	long to;

	if (flush(t) || insert(t, name, len, h, 0, 0))
		return -1;
	to = lookup(t, name, len, h, &k);
	if (to < 0 || (uint32_t)to == from)
		return to;
	if (t->nfold < t->n) {
		if (grow((void **)&t->fold, t->cap, sizeof(*t->fold)))
			goto oom;
		for (i = t->nfold; i < t->cap; i++)
			t->fold[i] = UINT32_MAX;
		t->nfold = t->cap;
	}
	t->fold[from] = to;
	if (t->score) {
		t->score[to] += t->score[from];
		t->score[from] = 0;
	} else {
		t->ent[to].val += t->ent[from].val;
		t->ent[from].val = 0;
	}
	return to;
oom:
	p2l_err("out of memory");
	return -1;
}

/* The entry that entry @i was folded into, or @i itself. */
uint32_t p2l_tab_folded(const struct p2l_tab *t, uint32_t i)
{
	return i < t->nfold && t->fold[i] != UINT32_MAX ? t->fold[i] : i;
}
