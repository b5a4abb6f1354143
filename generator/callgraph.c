// SPDX-License-Identifier: GPL-2.0
/*
 * Call-graph order: the edges files ("count caller callee" lines, as the
 * kernel-fetch QEMU plugin writes them) and C3, call-chain clustering
 * (Ottoni and Maher, "Optimizing Function Placement for Large-Scale
 * Data-Center Applications", CGO 2017).
 *
 * C3 puts a function right after the caller that calls it most, so that
 * a call and its return stay within one page, as long as the cluster
 * they form fits a page.  Functions are taken hottest first; each one's
 * cluster is appended to the cluster of its most frequent caller unless
 * the two together exceed P2L_C3_CLUSTER bytes or the caller's cluster
 * is so much colder (P2L_C3_DEGRADE) that the hot callee would be
 * diluted.  The clusters are then laid out densest first.
 *
 * The pages order keeps what density order does best, the fewest pages
 * for a share of the execution, and adds what C3 does best, calls that
 * stay within a few cache lines: density chooses each page's functions,
 * C3 orders them within the page.
 *
 * Two ways between the two: packed is C3 that merges a callee into its
 * caller's cluster only within 2x of each other's density (pages do not
 * fill up with cold callers of hot functions), with the clusters packed
 * into pages: what is left of a page takes the densest clusters that
 * still fit in it, so fewer clusters straddle a page boundary.  Split
 * keeps density order for the functions that hold the first half of the
 * samples, the pages that decide how many pages half of the execution
 * takes, and lays out the rest by C3, whose call chains share pages.
 */
#include <stdlib.h>
#include <string.h>

#include "p2l.h"

#define P2L_C3_CLUSTER	P2L_PAGE
#define P2L_C3_DEGRADE	8
/* packed: merge only clusters within 2x of each other's density */
#define P2L_PACKED_DEGRADE	2
/* split: density order for the functions that hold this share */
#define P2L_SPLIT_HEAD	0.5
/* What GCC aligns x86-64 kernel functions to (-O2, no -falign-functions) */
#define P2L_FUNC_ALIGN	16

struct edges_ctx {
	struct p2l_edges *e;
	const struct p2l_tab *t;
	size_t first;		/* this file's first edge */
	double sum;		/* this file's counts */
};

static int edge_line(void *ctx, const char *s, size_t len,
		     const struct p2l_src *src)
{
	struct edges_ctx *c = ctx;
	struct p2l_edges *e = c->e;
	struct p2l_field f[4];	/* one more, to see that there are more */
	const char *p;
	int n, i;
	long idx[2];
	uint64_t count;

	n = p2l_fields(s, len, f, ARRAY_SIZE(f));
	if (!n)
		return 0;	/* a blank line is nothing */
	if (n != 3) {
		p2l_skip(src, "want COUNT CALLER CALLEE", s, len);
		return 0;
	}
	p = f[0].s;
	if (p2l_parse_u64(&p, f[0].s + f[0].len, &count) != 1 ||
	    p != f[0].s + f[0].len) {
		p2l_skip(src, "count is not a number", s, len);
		return 0;
	}
	for (i = 0; i < 2; i++) {
		const struct p2l_field *name = &f[i + 1];

		if (p2l_name_check(name->s, name->len)) {
			p2l_skip(src, "invalid symbol name", name->s, name->len);
			return 0;
		}
		idx[i] = p2l_tab_find(c->t, name->s, name->len,
				      p2l_hash(name->s, name->len));
		/* a call to an inner entry point is a call to its function */
		if (idx[i] >= 0)
			idx[i] = p2l_tab_folded(c->t, idx[i]);
	}
	if (!count)
		return 0;
	c->sum += count;
	if (idx[0] < 0 || idx[1] < 0 || idx[0] == idx[1]) {
		/* not both profiled, or recursion: no placement to gain */
		e->unplaced += count;
		return 0;
	}
	if (e->n == e->cap) {
		size_t cap = e->cap ? 2 * e->cap : 1024;
		struct p2l_edge *v = realloc(e->v, cap * sizeof(*v));

		if (!v) {
			p2l_err("out of memory");
			return -1;
		}
		e->v = v;
		e->cap = cap;
	}
	e->v[e->n].from = idx[0];
	e->v[e->n].to = idx[1];
	e->v[e->n].w = count;
	e->n++;
	return 0;
}

/*
 * Read an edges file into @e, with names of the profiles in @t (read
 * first).  Its counts are normalised to their sum and multiplied by
 * @weight, as the profiles are.
 */
int p2l_edges_load(struct p2l_edges *e, const struct p2l_tab *t,
		   const char *path, double weight)
{
	struct edges_ctx c = { .e = e, .t = t, .first = e->n };
	size_t i;

	if (p2l_read_file(path, edge_line, &c))
		return -1;
	if (!(c.sum > 0)) {
		p2l_warn("%s: no calls", path);
		return 0;
	}
	for (i = c.first; i < e->n; i++)
		e->v[i].w *= weight / c.sum;
	e->unplaced_share += weight * e->unplaced / c.sum;
	e->total_weight += weight;
	e->unplaced = 0;
	e->files++;
	return 0;
}

void p2l_edges_free(struct p2l_edges *e)
{
	free(e->v);
	memset(e, 0, sizeof(*e));
}

static int cmp_edge(const void *a, const void *b)
{
	const struct p2l_edge *x = a, *y = b;

	if (x->to != y->to)
		return x->to < y->to ? -1 : 1;
	return x->from < y->from ? -1 : x->from > y->from;
}

struct c3 {
	const struct p2l_tab *t;
	const uint32_t *fsize;	/* per table index: bytes */
	const struct p2l_edge *v;	/* the edges, by callee then caller */
	size_t nv;
	uint32_t *pos;		/* per table index: position, or NONE */
	uint32_t *pred;		/* per position: most frequent caller */
	double *best;		/* per position: its calls */
	uint64_t *item, *tmp;	/* sort keys */
	uint32_t *cluster;	/* per position: its cluster (a position) */
	uint32_t *next;		/* per position: next member, or n */
	uint32_t *tail;		/* per cluster: last member */
	uint64_t *size;		/* per cluster: bytes */
	double *heat;		/* per cluster: samples */
	uint64_t *cbytes, *packed;	/* pack_pages(): bytes, new order */
	unsigned int degrade;	/* P2L_C3_DEGRADE or P2L_PACKED_DEGRADE */
	uint64_t page;		/* bytes of the pages pack_pages() fills */
};

#define NONE	UINT32_MAX

static double density(const struct c3 *c, uint32_t k)
{
	return c->heat[k] / (c->size[k] ? c->size[k] : 1);
}

static uint64_t aligned(uint64_t bytes)
{
	return (bytes + P2L_FUNC_ALIGN - 1) & ~(uint64_t)(P2L_FUNC_ALIGN - 1);
}

/* A cluster's bytes as laid out: each member starts aligned. */
static uint64_t cluster_bytes(const struct c3 *c, const uint64_t *sorted,
			      uint32_t k, size_t n)
{
	uint64_t b = 0;
	uint32_t j;

	for (j = k; j != n; j = c->next[j])
		b += aligned(c->fsize[(uint32_t)sorted[j]]);
	return b;
}

#define PACKED	UINT64_MAX

/*
 * Reorder the @m clusters of @out (densest first) so that fewer cross a
 * page boundary: what is left of a page takes the densest clusters that
 * still fit in it, and when none does, the densest cluster left comes
 * next, across the boundary (the list has no padding to start a page).
 * A call chain then shares one page, as C3 meant, and a hot cluster
 * spills its tail onto the next page only when nothing smaller fits.
 * The list starts on a page boundary (the linker script aligns it).
 */
static void pack_pages(struct c3 *c, const uint64_t *sorted, uint64_t *out,
		       size_t m, size_t n)
{
	uint64_t *v = c->cbytes, *res = c->packed, at = 0;
	size_t i, first = 0, k = 0;

	for (i = 0; i < m; i++)
		v[i] = cluster_bytes(c, sorted, (uint32_t)out[i], n);
	while (k < m) {
		uint64_t left = (c->page - at % c->page) % c->page;
		size_t pick;

		while (out[first] == PACKED)	/* k < m: one is left */
			first++;
		pick = first;
		for (i = first; left && i < m; i++)
			if (out[i] != PACKED && v[i] <= left) {
				pick = i;
				break;
			}
		at += v[pick];
		res[k++] = out[pick];
		out[pick] = PACKED;
	}
	memcpy(out, res, m * sizeof(*out));
}

/* C3 over the @n functions of @sorted, hottest first. */
static void c3_order(struct c3 *c, uint64_t *sorted, size_t n, int pack)
{
	size_t i, k, m = 0;
	uint64_t *out, *lay;

	for (i = 0; i < n; i++) {
		uint32_t ti = sorted[i];

		c->pos[ti] = i;
		c->pred[i] = n;
		c->best[i] = 0;
		c->cluster[i] = i;
		c->next[i] = n;
		c->tail[i] = i;
		c->size[i] = c->fsize[ti];
		c->heat[i] = p2l_tab_score(c->t, ti);
	}

	/* Each function's most frequent caller among these. */
	for (i = 0; i < c->nv; i = k) {
		const struct p2l_edge *v = c->v;
		uint32_t to = c->pos[v[i].to], from = c->pos[v[i].from];
		double w = 0;

		for (k = i; k < c->nv && v[k].to == v[i].to &&
		     v[k].from == v[i].from; k++)
			w += v[k].w;
		if (to < n && from < n && w > c->best[to]) {
			c->best[to] = w;
			c->pred[to] = from;
		}
	}

	/* Hottest first: join the cluster of the most frequent caller. */
	for (i = 0; i < n; i++) {
		uint32_t cf = c->cluster[i], cp, j;

		if (c->pred[i] == n)
			continue;
		cp = c->cluster[c->pred[i]];
		if (cp == cf || c->size[cp] + c->size[cf] > P2L_C3_CLUSTER ||
		    density(c, cp) * c->degrade < density(c, cf))
			continue;
		c->next[c->tail[cp]] = cf;
		c->tail[cp] = c->tail[cf];
		c->size[cp] += c->size[cf];
		c->heat[cp] += c->heat[cf];
		for (j = cf; j != n; j = c->next[j])
			c->cluster[j] = cp;
	}

	/* Clusters densest first, ties in heat order; members in order. */
	for (i = 0; i < n; i++)
		if (c->cluster[i] == i)
			c->item[m++] = (uint64_t)p2l_key(density(c, i)) << 32 | i;
	out = p2l_radix_sort(c->item, c->tmp, m);
	lay = out == c->item ? c->tmp : c->item;	/* the other buffer */
	if (pack)
		pack_pages(c, sorted, out, m, n);
	for (i = 0, k = 0; i < m; i++) {
		uint32_t j;

		for (j = (uint32_t)out[i]; j != n; j = c->next[j])
			lay[k++] = sorted[j];
	}
	for (i = 0; i < n; i++)		/* these leave the next slice */
		c->pos[(uint32_t)sorted[i]] = NONE;
	memcpy(sorted, lay, n * sizeof(*sorted));
}

/*
 * Reorder @sorted (@n table indices, hottest first) by @order with the
 * edges @e and the functions' sizes @size (by table index); ORDER_PAGES
 * and ORDER_PACKED fill pages of @page bytes.  For
 * ORDER_PAGES and ORDER_SPLIT, @sorted is in density order instead.
 * ORDER_PAGES reorders among themselves only the functions that density
 * order puts on one page (@page bytes, each function rounded up to
 * P2L_FUNC_ALIGN): every page keeps the functions density chose for it,
 * which is what the pages an execution touches depend on, and C3 puts
 * callers beside their callees within it, which is what the cache lines
 * depend on.  ORDER_SPLIT leaves the head that holds P2L_SPLIT_HEAD of
 * the samples alone and reorders the rest.
 * Return 0, or -1 when out of memory.
 */
int p2l_c3(const struct p2l_tab *t, const uint32_t *size,
	   const struct p2l_edges *e, uint64_t *sorted, size_t n,
	   enum p2l_order order, uint64_t page)
{
	uint32_t nfn = p2l_tab_count(t);
	size_t cap = n ? n : 1, i, first;
	struct p2l_edge *v = NULL;
	struct c3 c = { .t = t, .fsize = size, .nv = e->n,
			.degrade = P2L_C3_DEGRADE, .page = page };
	uint64_t at;
	int r = -1;

	c.pos = malloc((size_t)(nfn ? nfn : 1) * sizeof(*c.pos));
	c.pred = malloc(cap * sizeof(*c.pred));
	c.best = malloc(cap * sizeof(*c.best));
	c.item = malloc(cap * sizeof(*c.item));
	c.tmp = malloc(cap * sizeof(*c.tmp));
	c.cluster = malloc(cap * sizeof(*c.cluster));
	c.next = malloc(cap * sizeof(*c.next));
	c.tail = malloc(cap * sizeof(*c.tail));
	c.size = malloc(cap * sizeof(*c.size));
	c.heat = malloc(cap * sizeof(*c.heat));
	c.cbytes = malloc(cap * sizeof(*c.cbytes));
	c.packed = malloc(cap * sizeof(*c.packed));
	if (e->n)
		v = malloc(e->n * sizeof(*v));
	if (!c.pos || !c.pred || !c.best || !c.item || !c.tmp ||
	    !c.cluster || !c.next || !c.tail || !c.size || !c.heat ||
	    !c.cbytes || !c.packed ||
	    (e->n && !v))
		goto out;

	for (i = 0; i < nfn; i++)
		c.pos[i] = NONE;
	if (e->n) {
		memcpy(v, e->v, e->n * sizeof(*v));
		qsort(v, e->n, sizeof(*v), cmp_edge);
	}
	c.v = v;
	if (order == ORDER_C3) {
		c3_order(&c, sorted, n, 0);
	} else if (order == ORDER_PACKED) {
		c.degrade = P2L_PACKED_DEGRADE;
		c3_order(&c, sorted, n, 1);
	} else if (order == ORDER_SPLIT) {
		double all = 0, head = 0;

		for (i = 0; i < n; i++)
			all += p2l_tab_score(t, (uint32_t)sorted[i]);
		for (i = 0; i < n && head < P2L_SPLIT_HEAD * all; i++)
			head += p2l_tab_score(t, (uint32_t)sorted[i]);
		c3_order(&c, sorted + i, n - i, 0);
	} else if (order == ORDER_PAGES) {
		uint64_t cur = 0;

		for (i = 0, first = 0, at = 0; i < n; i++) {
			if (at / page != cur) {	/* starts a page further */
				c3_order(&c, sorted + first, i - first, 0);
				first = i;
				cur = at / page;
			}
			at += aligned(size[(uint32_t)sorted[i]]);
		}
		c3_order(&c, sorted + first, n - first, 0);
	} else {
		p2l_err("order %d reads no call edges", (int)order);
		goto out_free;
	}
	r = 0;
out:
	if (r)
		p2l_err("out of memory");
out_free:
	free(v);
	free(c.pos);
	free(c.pred);
	free(c.best);
	free(c.item);
	free(c.tmp);
	free(c.cluster);
	free(c.next);
	free(c.tail);
	free(c.size);
	free(c.heat);
	free(c.cbytes);
	free(c.packed);
	return r;
}
