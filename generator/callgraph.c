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
 */
#include <stdlib.h>
#include <string.h>

#include "p2l.h"

#define P2L_C3_CLUSTER	4096	/* the 4 KiB page of an iTLB entry */
#define P2L_C3_DEGRADE	8

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
	uint32_t *cluster;	/* per position: its cluster (a position) */
	uint32_t *next;		/* per position: next member, or n */
	uint32_t *tail;		/* per cluster: last member */
	uint64_t *size;		/* per cluster: bytes */
	double *heat;		/* per cluster: samples */
};

static double density(const struct c3 *c, uint32_t k)
{
	return c->heat[k] / (c->size[k] ? c->size[k] : 1);
}

/*
 * Reorder @sorted (@n table indices, hottest first) by C3 with the
 * edges @e and the functions' sizes @size (by table index).  Return 0,
 * or -1 when out of memory.
 */
int p2l_c3(const struct p2l_tab *t, const uint32_t *size,
	   const struct p2l_edges *e, uint64_t *sorted, size_t n)
{
	uint32_t nfn = p2l_tab_count(t);
	uint32_t *pos = malloc((size_t)(nfn ? nfn : 1) * sizeof(*pos));
	uint32_t *pred = malloc((n ? n : 1) * sizeof(*pred));
	uint64_t *item = malloc((n ? n : 1) * sizeof(*item));
	uint64_t *tmp = malloc((n ? n : 1) * sizeof(*tmp));
	struct p2l_edge *v = NULL;
	double *best = calloc(n ? n : 1, sizeof(*best));
	struct c3 c;
	size_t i, k, m = 0;
	uint64_t *out, *lay;
	int r = -1;

	c.cluster = malloc((n ? n : 1) * sizeof(*c.cluster));
	c.next = malloc((n ? n : 1) * sizeof(*c.next));
	c.tail = malloc((n ? n : 1) * sizeof(*c.tail));
	c.size = malloc((n ? n : 1) * sizeof(*c.size));
	c.heat = malloc((n ? n : 1) * sizeof(*c.heat));
	if (e->n)
		v = malloc(e->n * sizeof(*v));
	if (!pos || !pred || !item || !tmp || !best || !c.cluster ||
	    !c.next || !c.tail || !c.size || !c.heat || (e->n && !v))
		goto out;

	for (i = 0; i < nfn; i++)
		pos[i] = n;
	for (i = 0; i < n; i++) {
		uint32_t ti = sorted[i];

		pos[ti] = i;
		pred[i] = n;
		c.cluster[i] = i;
		c.next[i] = n;
		c.tail[i] = i;
		c.size[i] = size[ti];
		c.heat[i] = p2l_tab_score(t, ti);
	}

	/* Each function's most frequent caller among the listed ones. */
	if (e->n) {
		memcpy(v, e->v, e->n * sizeof(*v));
		qsort(v, e->n, sizeof(*v), cmp_edge);
	}
	for (i = 0; i < e->n; i = k) {
		double w = 0;

		for (k = i; k < e->n && v[k].to == v[i].to &&
		     v[k].from == v[i].from; k++)
			w += v[k].w;
		if (pos[v[i].to] < n && pos[v[i].from] < n &&
		    w > best[pos[v[i].to]]) {
			best[pos[v[i].to]] = w;
			pred[pos[v[i].to]] = pos[v[i].from];
		}
	}

	/* Hottest first: join the cluster of the most frequent caller. */
	for (i = 0; i < n; i++) {
		uint32_t cf = c.cluster[i], cp, j;

		if (pred[i] == n)
			continue;
		cp = c.cluster[pred[i]];
		if (cp == cf || c.size[cp] + c.size[cf] > P2L_C3_CLUSTER ||
		    density(&c, cp) * P2L_C3_DEGRADE < density(&c, cf))
			continue;
		c.next[c.tail[cp]] = cf;
		c.tail[cp] = c.tail[cf];
		c.size[cp] += c.size[cf];
		c.heat[cp] += c.heat[cf];
		for (j = cf; j != n; j = c.next[j])
			c.cluster[j] = cp;
	}

	/* Clusters densest first, ties in heat order; members in order. */
	for (i = 0; i < n; i++)
		if (c.cluster[i] == i)
			item[m++] = (uint64_t)p2l_key(density(&c, i)) << 32 | i;
	out = p2l_radix_sort(item, tmp, m);
	lay = out == item ? tmp : item;		/* the other buffer */
	for (i = 0, k = 0; i < m; i++) {
		uint32_t j;

		for (j = (uint32_t)out[i]; j != n; j = c.next[j])
			lay[k++] = sorted[j];
	}
	memcpy(sorted, lay, n * sizeof(*sorted));
	r = 0;
out:
	if (r)
		p2l_err("out of memory");
	free(pos);
	free(pred);
	free(item);
	free(tmp);
	free(v);
	free(best);
	free(c.cluster);
	free(c.next);
	free(c.tail);
	free(c.size);
	free(c.heat);
	return r;
}
