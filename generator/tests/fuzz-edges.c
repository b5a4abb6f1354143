// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: the --edges reader and the C3 order it feeds. */
#include "fuzz_common.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The profile the edges refer to: the functions of tests/data/c3-*.txt,
 * whose edges files are seeds, and a few more for the corners of C3.
 */
static const char profile_text[] =
	"  1000 hot_a                                      3.9062\n"
	"   900 hot_c                                      3.5156\n"
	"   500 hot2                                       7.8125\n"
	"   100 b                                          0.3906\n"
	"    80 big                                        0.0098\n"
	"     1 cold_caller                                0.0039\n"
	"     4 rec                                        0.0625\n"
	"    40 tiny.isra.0                                0.0000\n"
	"    20 huge                                       0.0000\n"
	"    60 not_listed                                 0.0000\n"
	"    30 *unknown*\n";

/* Sizes as the System.map would give them; 0 and a huge one included. */
static const struct {
	const char *name;
	uint32_t size;
} sizes[] = {
	{ "hot_a", 0x100 }, { "hot_c", 0x100 }, { "hot2", 0x40 },
	{ "b", 0x100 }, { "big", 0x2000 }, { "cold_caller", 0x100 },
	{ "rec", 0x40 }, { "tiny.isra.0", 0 }, { "huge", 0xfffffffdU },
	{ "not_listed", P2L_SIZE_ABSENT },
};

static struct p2l_tab *t;
static uint32_t size_of[ARRAY_SIZE(sizes)];	/* by table index */

static void load_profile(void)
{
	struct p2l_rp rp = { .tab = fuzz_tab() };
	int fd = fuzz_fd((const uint8_t *)profile_text,
			 sizeof(profile_text) - 1);
	size_t i;

	t = rp.tab;
	if (p2l_tab_begin(t, 0) ||
	    p2l_read_lines(fd, "profile", NULL, 0, p2l_rp_line, &rp) ||
	    p2l_tab_end(t, 1) || p2l_tab_count(t) != ARRAY_SIZE(sizes))
		abort();
	close(fd);
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		const char *n = sizes[i].name;
		long k = p2l_tab_find(t, n, strlen(n), p2l_hash(n, strlen(n)));

		if (k < 0)
			abort();
		size_of[k] = sizes[i].size;
	}
}

static int close_to(double a, double b)
{
	return fabs(a - b) <= 1e-9 * (fabs(a) > fabs(b) ? fabs(a) : fabs(b));
}

/*
 * Load @path once more with @weight and check what it added: edges
 * between two different profiled functions that the file names, with
 * finite positive weights that, with the unplaced calls, add up to the
 * weight of the file.  Return the number of edges added.
 */
static size_t load(struct p2l_edges *e, const char *path, double weight,
		   const uint8_t *data, size_t size)
{
	size_t n0 = e->n, i, len;
	double share = e->unplaced_share, tw = e->total_weight, sum = 0;
	unsigned int files = e->files;

	if (p2l_edges_load(e, t, path, weight))
		abort();
	for (i = n0; i < e->n; i++) {
		const struct p2l_edge *v = &e->v[i];
		const char *from, *to;

		if (v->from >= p2l_tab_count(t) || v->to >= p2l_tab_count(t) ||
		    v->from == v->to)
			abort();
		if (!isfinite(v->w) || !(v->w > 0) || v->w > weight * (1 + 1e-9))
			abort();
		from = p2l_tab_name(t, v->from, &len);
		if (!memmem(data, size, from, len))
			abort();
		to = p2l_tab_name(t, v->to, &len);
		if (!memmem(data, size, to, len))
			abort();
		sum += v->w;
	}
	if (e->unplaced != 0 || e->unplaced_share < share)
		abort();
	if (e->files == files) {
		/* no calls: nothing added */
		if (e->n != n0 || e->unplaced_share != share ||
		    e->total_weight != tw)
			abort();
	} else if (e->files != files + 1 || e->total_weight != tw + weight ||
		   !close_to(sum + e->unplaced_share - share, weight)) {
		abort();
	}
	return e->n - n0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static uint32_t density_key(uint32_t i)
{
	return p2l_key((double)p2l_tab_score(t, i) /
		       (size_of[i] ? size_of[i] : 1));
}

/*
 * The profiled functions that have a size, keyed by heat or by density
 * (@by_density) into @before, then ordered by p2l_c3() in @order into
 * @after.  Returns how many.
 */
static size_t run_order(const struct p2l_edges *e, bool by_density,
			enum p2l_order order, uint64_t page, uint64_t *before,
			uint64_t *after)
{
	uint64_t item[ARRAY_SIZE(sizes)], tmp[ARRAY_SIZE(sizes)];
	uint64_t *sorted;
	size_t i, n = 0;

	for (i = 0; i < ARRAY_SIZE(sizes); i++)
		if (p2l_tab_score(t, i) > 0 && size_of[i] != P2L_SIZE_ABSENT)
			item[n++] = (uint64_t)(by_density ? density_key(i) :
					       p2l_key(p2l_tab_score(t, i))) << 32 | i;
	sorted = p2l_radix_sort(item, tmp, n);
	memcpy(before, sorted, n * sizeof(*before));
	if (p2l_c3(t, size_of, e, sorted, n, order, page))
		abort();
	memcpy(after, sorted, n * sizeof(*after));
	return n;
}

/*
 * C3 over the listed functions, hottest first: a permutation of them;
 * with no call between two of them, every function is its own cluster
 * and the clusters go densest first, ties in heat order.
 */
static void check_c3(const struct p2l_edges *e)
{
	uint64_t before[ARRAY_SIZE(sizes)], after[ARRAY_SIZE(sizes)];
	size_t i, j, n;
	int calls = 0;

	n = run_order(e, false, ORDER_C3, 0, before, after);
	for (i = 0; i < e->n; i++)
		if (size_of[e->v[i].from] != P2L_SIZE_ABSENT &&
		    size_of[e->v[i].to] != P2L_SIZE_ABSENT)
			calls = 1;
	if (!calls) {
		for (i = 1; i < n; i++) {
			uint32_t a = after[i - 1], b = after[i];

			if (density_key(a) > density_key(b))
				abort();
			if (density_key(a) == density_key(b)) {
				for (j = 0; (uint32_t)before[j] != a; j++)
					if ((uint32_t)before[j] == b)
						abort();
			}
		}
	}
	qsort(before, n, sizeof(*before), cmp_u64);
	qsort(after, n, sizeof(*after), cmp_u64);
	if (memcmp(before, after, n * sizeof(*before)))
		abort();
}

/*
 * The pages order: C3 within each page of density order (a small page
 * here, so that the few functions span several).  Every page keeps its
 * functions, in any order.
 */
static void check_pages(const struct p2l_edges *e)
{
	enum { PAGE = 64, ALIGN = 16 };
	uint64_t before[ARRAY_SIZE(sizes)], after[ARRAY_SIZE(sizes)];
	uint64_t at = 0, cur = 0;
	size_t i, first = 0, n;

	n = run_order(e, true, ORDER_PAGES, PAGE, before, after);
	for (i = 0; i <= n; i++) {
		if (i == n || at / PAGE != cur) {
			qsort(before + first, i - first, sizeof(*before), cmp_u64);
			qsort(after + first, i - first, sizeof(*after), cmp_u64);
			if (memcmp(before + first, after + first,
				   (i - first) * sizeof(*before)))
				abort();
			if (i == n)
				break;
			first = i;
			cur = at / PAGE;
		}
		at += (size_of[(uint32_t)before[i]] + ALIGN - 1) &
		      ~(uint64_t)(ALIGN - 1);
	}
}

static uint64_t aligned16(uint32_t i)
{
	return (size_of[i] + 15) & ~(uint64_t)15;
}

/*
 * The packed order: a permutation of the functions, hottest first in;
 * with no call between two of them every function is its own cluster,
 * and one that crosses into a page was taken only when none left fitted
 * what remained of the page.
 */
static void check_packed(const struct p2l_edges *e)
{
	enum { PAGE = 64 };
	uint64_t before[ARRAY_SIZE(sizes)], after[ARRAY_SIZE(sizes)];
	uint64_t at = 0;
	size_t i, j, n;
	int calls = 0;

	n = run_order(e, false, ORDER_PACKED, PAGE, before, after);
	for (i = 0; i < e->n; i++)
		if (size_of[e->v[i].from] != P2L_SIZE_ABSENT &&
		    size_of[e->v[i].to] != P2L_SIZE_ABSENT)
			calls = 1;
	for (i = 0; !calls && i < n; i++) {
		uint64_t left = (PAGE - at % PAGE) % PAGE;

		if (left && aligned16(after[i]) > left)
			for (j = i + 1; j < n; j++)
				if (aligned16(after[j]) <= left)
					abort();
		at += aligned16(after[i]);
	}
	qsort(before, n, sizeof(*before), cmp_u64);
	qsort(after, n, sizeof(*after), cmp_u64);
	if (memcmp(before, after, n * sizeof(*before)))
		abort();
}

/*
 * The split order: density order for the functions that hold half of
 * the samples, untouched; the rest a permutation of what it was.
 */
static void check_split(const struct p2l_edges *e)
{
	uint64_t before[ARRAY_SIZE(sizes)], after[ARRAY_SIZE(sizes)];
	double all = 0, head = 0;
	size_t i, h, n;

	n = run_order(e, true, ORDER_SPLIT, 0, before, after);
	for (i = 0; i < n; i++)
		all += p2l_tab_score(t, (uint32_t)before[i]);
	for (h = 0; h < n && head < 0.5 * all; h++)
		head += p2l_tab_score(t, (uint32_t)before[h]);
	if (memcmp(before, after, h * sizeof(*before)))
		abort();
	qsort(before, n, sizeof(*before), cmp_u64);
	qsort(after, n, sizeof(*after), cmp_u64);
	if (memcmp(before, after, n * sizeof(*before)))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct p2l_edges e = { 0 };
	char path[64];
	size_t n, i;
	int fd;

	if (!t)
		load_profile();
	fd = fuzz_fd(data, size);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);

	/* twice, as two --edges files: each normalised on its own */
	n = load(&e, path, 1, data, size);
	if (load(&e, path, 0.25, data, size) != n)
		abort();
	for (i = 0; i < n; i++) {
		const struct p2l_edge *a = &e.v[i], *b = &e.v[n + i];

		if (a->from != b->from || a->to != b->to ||
		    !close_to(a->w * 0.25, b->w))
			abort();
	}
	close(fd);
	check_c3(&e);
	check_pages(&e);
	check_packed(&e);
	check_split(&e);
	p2l_edges_free(&e);
	return 0;
}
