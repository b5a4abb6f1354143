// SPDX-License-Identifier: GPL-2.0
/*
 * kernel-fetch - a QEMU TCG plugin that follows the guest kernel's
 * instruction fetches.
 *
 *	qemu-system-x86_64 -icount shift=0 -append "nokaslr ..." \
 *		-plugin kernel-fetch.so,map=System.map,out=PREFIX[,sections=FILE] ...
 *
 * For every translated block of kernel code (virtual address in the top
 * half) it counts executions; at exit it writes
 *
 *   PREFIX.profile  executed instructions per function of System.map,
 *                   in readprofile(1) format ("count name count/size",
 *                   hottest first, then "total"): profile2linkerlist
 *                   -f readprofile reads it
 *   PREFIX.edges    "count caller callee": calls from one function to
 *                   the entry of another (through a retpoline thunk:
 *                   to the function the thunk reaches)
 *   PREFIX.pages    "page count": executed instructions per 4 KiB page
 *                   of kernel text (page = address / 4096, in hex),
 *                   hottest first: how much text the work needs, in
 *                   any layout
 *   PREFIX.reps     "address function+offset executions tcg_executions":
 *                   each rep-prefixed string instruction that ran
 *                   (rep movsb, rep stosq, ...), how often it ran and
 *                   how often TCG executed it (once per iteration)
 *   PREFIX.stats    "measure value" lines: the sha256 of the System.map
 *                   read (the kernel build counted), kernel instructions,
 *                   and the misses of simulated kernel instruction-fetch
 *                   caches in total and per 1,000 kernel instructions:
 *                     itlb4k_l1    64 entries, 8-way, 4 KiB pages
 *                     itlb4k_walk  misses of that L1 and of a 1,536-
 *                                  entry 12-way second level
 *                     itlb2m       8 entries, fully associative, 2 MiB
 *                     l1i          32 KiB, 8-way, 64-byte lines
 *
 * A rep-prefixed string instruction counts once per execution, as the
 * CPU fetches it once, however many bytes it moves.  TCG executes it
 * once per iteration: each iteration ends its translated block and
 * jumps back to the instruction, so a block that starts at the rep
 * instruction the previous block of that vCPU ended with is the same
 * execution going on, and its rep instruction is neither counted nor
 * fetched again.  The .stats give both counts: kernel_insns with rep
 * instructions once, kernel_insns_tcg once per iteration.  Every count
 * of the other files is of executions (kernel_insns).
 *
 * The caches see kernel fetches only, in execution order, each
 * instruction's lines and pages once per execution of its block (a
 * fetch from the line or page just used is a hit in any LRU cache, so
 * repeats within a block are left out).
 *
 * Regions: a guest program marks the end of one measured region and the
 * start of the next by executing "xchg %bx, %bx" (66 87 db), the magic
 * breakpoint of Bochs and Simics, a no-op on real hardware.  The k-th
 * mark (k = 0, 1, ...) writes what was counted since the previous mark
 * (or the start) as PREFIX.k.profile, PREFIX.k.edges and PREFIX.k.stats
 * and starts the counts again; the caches keep their contents, as they
 * would on hardware.  At exit the files without a number get what came
 * after the last mark: with no mark, the whole run.
 *
 * Of several System.map names at one address, the first in the file is
 * counted, unless sections=FILE (one ".text.NAME" per line, the sections
 * of the kernel's vmlinux.o) names a section for another: a function
 * list can only place a name that has a section of its own.
 *
 * start=ADDR (hex) counts code at ADDR and above instead of the kernel's
 * top half: start=0 follows a user program under qemu-x86_64, as the
 * plugin's tests do.
 *
 * Counts are exact when QEMU runs one vCPU thread at a time, as it does
 * under -icount.  System.map names the functions of the kernel as
 * linked: boot with nokaslr.  Instructions outside every System.map text
 * symbol are counted as "*unknown*".
 */
#include <glib.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

#include "lru.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define KERNEL_START	0xffff800000000000ULL
#define MAX_VCPUS	64

struct func {
	uint64_t start, end;
	char *name;
	uint64_t count;
	size_t line;		/* in System.map, for a stable sort */
	int thunk;
};

struct block {
	uint64_t count;		/* executions of the block */
	uint64_t going_on;	/* of them, a rep instruction's next iteration */
	unsigned int n_insns, n_lines, n_pages, n_huge;
	uint64_t *insn;		/* vaddr of each instruction */
	uint8_t *rep;		/* each instruction: a rep string instruction */
	uint64_t rep_last;	/* vaddr of the last one when it is, else 0 */
	uint64_t *lines, *pages, *huge;	/* distinct in a row */
	int caller;		/* function of a final call, or -1 */
	int func;		/* function at the block's start, or -1 */
	int at_entry;		/* the block starts that function */
	struct block *next;
};

static struct func *funcs;
static size_t n_funcs;
static struct block *blocks;
static GHashTable *edges;	/* "caller\0callee" index pair -> count */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int pending[MAX_VCPUS];	/* caller of a call not yet landed, or -1 */
static uint64_t rep_at[MAX_VCPUS];	/* rep instruction the last block ended in */
static uint64_t kernel_insns, kernel_insns_tcg;
static uint64_t start_addr = KERNEL_START;
static struct lru_cache l1i, itlb2m;
static struct tlb2 itlb4k;
static char *out_prefix;
static char *map_sha256;	/* of System.map: which kernel build ran */
static unsigned int marks;

static int cmp_func(const void *a, const void *b)
{
	const struct func *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

/* The names of FILE's ".text.NAME" lines, or NULL when FILE is NULL. */
static GHashTable *read_sections(const char *path)
{
	char line[512];
	GHashTable *set;
	FILE *f;

	if (!path)
		return NULL;
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "kernel-fetch: cannot open %s\n", path);
		return NULL;
	}
	set = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, ".text.", 6) && line[6])
			g_hash_table_add(set, g_strdup(line + 6));
	}
	fclose(f);
	return set;
}

/*
 * Text symbols of System.map, each ending where the next one starts; of
 * aliases, one with a section in @sections (when given), else the first.
 */
static int read_map(const char *path, GHashTable *sections)
{
	char line[512], name[256], type;
	unsigned long long addr;
	size_t cap = 0, i, j;
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "kernel-fetch: cannot open %s\n", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %255s", &addr, &type, name) != 3)
			continue;
		if (type != 't' && type != 'T' && type != 'w' && type != 'W')
			continue;
		if (n_funcs == cap) {
			cap = cap ? 2 * cap : 65536;
			funcs = realloc(funcs, cap * sizeof(*funcs));
			if (!funcs)
				abort();
		}
		funcs[n_funcs].start = addr;
		funcs[n_funcs].name = strdup(name);
		funcs[n_funcs].count = 0;
		funcs[n_funcs].line = n_funcs;
		funcs[n_funcs].thunk = !strncmp(name, "__x86_indirect_thunk", 20) ||
				       !strncmp(name, "__x86_indirect_call_thunk", 25);
		n_funcs++;
	}
	fclose(f);
	if (!n_funcs) {
		fprintf(stderr, "kernel-fetch: no text symbols in %s\n", path);
		return -1;
	}
	qsort(funcs, n_funcs, sizeof(*funcs), cmp_func);
	/* Aliases (same address): keep the first name. */
	for (i = 1, j = 0; i < n_funcs; i++) {
		if (funcs[i].start == funcs[j].start) {
			if (sections &&
			    !g_hash_table_contains(sections, funcs[j].name) &&
			    g_hash_table_contains(sections, funcs[i].name)) {
				free(funcs[j].name);
				funcs[j] = funcs[i];
			} else {
				free(funcs[i].name);
			}
			continue;
		}
		funcs[++j] = funcs[i];
	}
	n_funcs = j + 1;
	for (i = 0; i + 1 < n_funcs; i++)
		funcs[i].end = funcs[i + 1].start;
	funcs[n_funcs - 1].end = funcs[n_funcs - 1].start + 1;
	return 0;
}

static int func_of(uint64_t addr)
{
	size_t lo = 0, hi = n_funcs;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (funcs[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || addr >= funcs[lo - 1].end)
		return -1;
	return lo - 1;
}

/* call rel32 or call r/m64, after legacy and REX prefixes. */
static int is_call(const uint8_t *p, size_t n)
{
	size_t i = 0;

	while (i < n && (p[i] == 0x2e || p[i] == 0x3e || p[i] == 0x26 ||
			 p[i] == 0x64 || p[i] == 0x65 || p[i] == 0x66 ||
			 p[i] == 0x67 || p[i] == 0xf2 || p[i] == 0xf3 ||
			 (p[i] >= 0x40 && p[i] <= 0x4f)))
		i++;
	if (i < n && p[i] == 0xe8)
		return 1;
	return i + 1 < n && p[i] == 0xff && ((p[i + 1] >> 3) & 7) == 2;
}

static void add_edge(int caller, int callee)
{
	uint64_t key = (uint64_t)(uint32_t)caller << 32 | (uint32_t)callee;
	gpointer k = g_memdup2(&key, sizeof(key));
	uint64_t *v = g_hash_table_lookup(edges, k);

	if (v) {
		(*v)++;
		g_free(k);
		return;
	}
	v = g_new(uint64_t, 1);
	*v = 1;
	g_hash_table_insert(edges, k, v);
}

/*
 * A string instruction (movs, cmps, stos, lods, scas, ins, outs) with a
 * rep, repe or repne prefix, after any other legacy and REX prefixes.
 * The same prefix bytes also begin pause, endbr64, popcnt and the like,
 * which do not repeat.
 */
static int is_rep_string(const uint8_t *p, size_t n)
{
	size_t i = 0;
	int rep = 0;

	while (i < n && (p[i] == 0x26 || p[i] == 0x2e || p[i] == 0x36 ||
			 p[i] == 0x3e || p[i] == 0x64 || p[i] == 0x65 ||
			 p[i] == 0x66 || p[i] == 0x67 || p[i] == 0xf2 ||
			 p[i] == 0xf3 || (p[i] >= 0x40 && p[i] <= 0x4f))) {
		if (p[i] == 0xf2 || p[i] == 0xf3)
			rep = 1;
		i++;
	}
	if (!rep || i >= n)
		return 0;
	return (p[i] >= 0x6c && p[i] <= 0x6f) || (p[i] >= 0xa4 && p[i] <= 0xa7) ||
	       (p[i] >= 0xaa && p[i] <= 0xaf);
}

static int is_mark(const uint8_t *p, size_t n);
static void mark_exec(unsigned int vcpu, void *udata);

static void block_exec(unsigned int vcpu, void *udata)
{
	struct block *b = udata;
	unsigned int i;
	int *p = &pending[vcpu % MAX_VCPUS];
	uint64_t *rep = &rep_at[vcpu % MAX_VCPUS];
	int going_on;

	pthread_mutex_lock(&lock);
	/* The next iteration of the rep instruction the last block ran. */
	going_on = b->rep[0] && *rep == b->insn[0];
	b->count++;
	kernel_insns_tcg += b->n_insns;
	kernel_insns += b->n_insns - going_on;
	if (going_on)
		b->going_on++;
	*rep = b->rep_last;
	/* A block of the rep instruction alone fetches nothing new. */
	if (!going_on || b->n_insns > 1) {
		for (i = 0; i < b->n_lines; i++)
			lru_access(&l1i, b->lines[i]);
		for (i = 0; i < b->n_pages; i++)
			tlb2_access(&itlb4k, b->pages[i]);
		for (i = 0; i < b->n_huge; i++)
			lru_access(&itlb2m, b->huge[i]);
	}
	if (*p >= 0 && b->func >= 0 && b->at_entry) {
		if (funcs[b->func].thunk) {
			/* Keep waiting for the function the thunk reaches. */
		} else {
			add_edge(*p, b->func);
			*p = -1;
		}
	} else {
		*p = -1;
	}
	if (b->caller >= 0)
		*p = b->caller;
	pthread_mutex_unlock(&lock);
}

/* Append x to a[*n] unless it repeats the last element. */
static void push(uint64_t *a, unsigned int *n, uint64_t x)
{
	if (!*n || a[*n - 1] != x)
		a[(*n)++] = x;
}

static void block_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb), i;
	struct block *b;

	(void)id;
	if (!n)
		return;
	if (qemu_plugin_tb_vaddr(tb) < start_addr) {
		for (i = 0; i < n; i++) {
			struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);

			if (is_mark(qemu_plugin_insn_data(insn),
				    qemu_plugin_insn_size(insn))) {
				qemu_plugin_register_vcpu_insn_exec_cb(insn,
					mark_exec, QEMU_PLUGIN_CB_NO_REGS, NULL);
			}
		}
		return;
	}
	b = calloc(1, sizeof(*b));
	if (!b)
		abort();
	b->n_insns = n;
	b->insn = calloc(n, sizeof(*b->insn));
	b->rep = calloc(n, sizeof(*b->rep));
	/* An instruction spans at most two lines and two pages. */
	b->lines = calloc(2 * n, sizeof(*b->lines));
	b->pages = calloc(2 * n, sizeof(*b->pages));
	b->huge = calloc(2 * n, sizeof(*b->huge));
	if (!b->insn || !b->rep || !b->lines || !b->pages || !b->huge)
		abort();
	b->caller = -1;
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t a = qemu_plugin_insn_vaddr(insn);
		uint64_t last = a + qemu_plugin_insn_size(insn) - 1;

		b->insn[i] = a;
		if (is_mark(qemu_plugin_insn_data(insn), qemu_plugin_insn_size(insn)))
			qemu_plugin_register_vcpu_insn_exec_cb(insn, mark_exec,
							       QEMU_PLUGIN_CB_NO_REGS, NULL);
		b->rep[i] = is_rep_string(qemu_plugin_insn_data(insn),
					  qemu_plugin_insn_size(insn));
		if (i == n - 1 && b->rep[i])
			b->rep_last = a;
		push(b->lines, &b->n_lines, a >> 6);
		push(b->lines, &b->n_lines, last >> 6);
		push(b->pages, &b->n_pages, a >> 12);
		push(b->pages, &b->n_pages, last >> 12);
		push(b->huge, &b->n_huge, a >> 21);
		push(b->huge, &b->n_huge, last >> 21);
		if (i == n - 1 && is_call(qemu_plugin_insn_data(insn),
					  qemu_plugin_insn_size(insn)))
			b->caller = func_of(a);
	}
	b->func = func_of(b->insn[0]);
	b->at_entry = b->func >= 0 && funcs[b->func].start == b->insn[0];

	pthread_mutex_lock(&lock);
	b->next = blocks;
	blocks = b;
	pthread_mutex_unlock(&lock);
	qemu_plugin_register_vcpu_tb_exec_cb(tb, block_exec,
					     QEMU_PLUGIN_CB_NO_REGS, b);
}

static FILE *open_out(const char *tag, const char *suffix, char **path)
{
	FILE *f;

	*path = g_strconcat(out_prefix, tag, suffix, NULL);
	f = fopen(*path, "w");
	if (!f)
		fprintf(stderr, "kernel-fetch: cannot write %s\n", *path);
	return f;
}

static int cmp_count(const void *a, const void *b)
{
	const struct func *x = *(struct func * const *)a;
	const struct func *y = *(struct func * const *)b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return strcmp(x->name, y->name);
}

static void per_1k(FILE *f, const char *name, uint64_t misses)
{
	fprintf(f, "%s %" PRIu64 "\n", name, misses);
	fprintf(f, "%s_per_1k %.6f\n", name,
		kernel_insns ? 1000.0 * misses / kernel_insns : 0.0);
}

struct page_count {
	uint64_t page, count;
};

static void add_page(GHashTable *pages, uint64_t page, uint64_t count)
{
	uint64_t *v;

	if (!count)
		return;
	v = g_hash_table_lookup(pages, &page);
	if (!v) {
		v = g_new0(uint64_t, 1);
		g_hash_table_insert(pages, g_memdup2(&page, sizeof(page)), v);
	}
	*v += count;
}

/* Executions and TCG executions of one rep string instruction. */
struct rep_count {
	uint64_t addr, execs, tcg;
};

static void add_rep(GHashTable *reps, uint64_t addr, uint64_t execs,
		    uint64_t tcg)
{
	struct rep_count *r = g_hash_table_lookup(reps, &addr);

	if (!tcg)
		return;
	if (!r) {
		r = g_new0(struct rep_count, 1);
		r->addr = addr;
		g_hash_table_insert(reps, g_memdup2(&addr, sizeof(addr)), r);
	}
	r->execs += execs;
	r->tcg += tcg;
}

static gint cmp_rep(gconstpointer a, gconstpointer b)
{
	const struct rep_count *x = *(struct rep_count * const *)a;
	const struct rep_count *y = *(struct rep_count * const *)b;

	if (x->tcg != y->tcg)
		return x->tcg < y->tcg ? 1 : -1;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The rep instructions, most TCG executions first. */
static void write_reps(FILE *f, GHashTable *reps)
{
	GPtrArray *list = g_ptr_array_new();
	GHashTableIter it;
	gpointer k, v;
	size_t i;

	g_hash_table_iter_init(&it, reps);
	while (g_hash_table_iter_next(&it, &k, &v))
		g_ptr_array_add(list, v);
	g_ptr_array_sort(list, cmp_rep);
	for (i = 0; i < list->len; i++) {
		struct rep_count *r = g_ptr_array_index(list, i);
		int fn = func_of(r->addr);

		if (fn < 0)
			fprintf(f, "%" PRIx64 " *unknown* %" PRIu64 " %" PRIu64 "\n",
				r->addr, r->execs, r->tcg);
		else
			fprintf(f, "%" PRIx64 " %s+0x%" PRIx64 " %" PRIu64 " %" PRIu64 "\n",
				r->addr, funcs[fn].name, r->addr - funcs[fn].start,
				r->execs, r->tcg);
	}
	g_ptr_array_free(list, TRUE);
}

static gint cmp_page(gconstpointer a, gconstpointer b)
{
	const struct page_count *x = a, *y = b;

	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return x->page < y->page ? -1 : x->page > y->page;
}

/*
 * Write what was counted since the last reset as PREFIX<tag>.profile,
 * .edges and .stats, then reset the counts (not the caches' contents).
 * Called with the lock held, or after the vCPUs have stopped.
 */
static void write_region(const char *tag)
{
	struct func **order;
	struct block *b;
	uint64_t unknown = 0, total = 0, rep_insns = 0, rep_insns_tcg = 0;
	GHashTable *pages = g_hash_table_new_full(g_int64_hash, g_int64_equal,
						  g_free, g_free);
	GHashTable *reps = g_hash_table_new_full(g_int64_hash, g_int64_equal,
						 g_free, g_free);
	GArray *page_list;
	GHashTableIter it;
	gpointer k, v;
	char *path;
	size_t i, n = 0;
	FILE *f;

	for (b = blocks; b; b = b->next) {
		for (i = 0; b->count && i < b->n_insns; i++) {
			int fn = func_of(b->insn[i]);
			/* Executions: a rep instruction going on is not one. */
			uint64_t c = b->count - (i ? 0 : b->going_on);

			if (fn < 0)
				unknown += c;
			else
				funcs[fn].count += c;
			add_page(pages, b->insn[i] >> 12, c);
			if (b->rep[i]) {
				add_rep(reps, b->insn[i], c, b->count);
				rep_insns += c;
				rep_insns_tcg += b->count;
			}
		}
		b->count = 0;
		b->going_on = 0;
	}
	order = calloc(n_funcs, sizeof(*order));
	if (!order)
		abort();
	for (i = 0; i < n_funcs; i++)
		if (funcs[i].count)
			order[n++] = &funcs[i];
	qsort(order, n, sizeof(*order), cmp_count);

	f = open_out(tag, ".profile", &path);
	if (f) {
		for (i = 0; i < n; i++) {
			fprintf(f, "%12" PRIu64 " %-40s %12.4f\n", order[i]->count,
				order[i]->name,
				(double)order[i]->count / (order[i]->end - order[i]->start));
			total += order[i]->count;
		}
		if (unknown)
			fprintf(f, "%12" PRIu64 " %-40s %12.4f\n", unknown, "*unknown*", 0.0);
		fprintf(f, "%12" PRIu64 " %-40s %12.4f\n", total + unknown, "total", 0.0);
		fclose(f);
	}
	g_free(path);

	f = open_out(tag, ".edges", &path);
	if (f) {
		g_hash_table_iter_init(&it, edges);
		while (g_hash_table_iter_next(&it, &k, &v)) {
			uint64_t key = *(uint64_t *)k;

			fprintf(f, "%" PRIu64 " %s %s\n", *(uint64_t *)v,
				funcs[key >> 32].name, funcs[(uint32_t)key].name);
		}
		fclose(f);
	}
	g_free(path);

	page_list = g_array_new(FALSE, FALSE, sizeof(struct page_count));
	g_hash_table_iter_init(&it, pages);
	while (g_hash_table_iter_next(&it, &k, &v)) {
		struct page_count pc = { *(uint64_t *)k, *(uint64_t *)v };

		g_array_append_val(page_list, pc);
	}
	g_array_sort(page_list, cmp_page);
	f = open_out(tag, ".pages", &path);
	if (f) {
		for (i = 0; i < page_list->len; i++) {
			struct page_count *pc = &g_array_index(page_list,
							       struct page_count, i);

			fprintf(f, "%" PRIx64 " %" PRIu64 "\n", pc->page, pc->count);
		}
		fclose(f);
	}
	g_free(path);
	g_array_free(page_list, TRUE);
	g_hash_table_destroy(pages);

	f = open_out(tag, ".reps", &path);
	if (f) {
		write_reps(f, reps);
		fclose(f);
	}
	g_free(path);
	g_hash_table_destroy(reps);

	f = open_out(tag, ".stats", &path);
	if (f) {
		fprintf(f, "map_sha256 %s\n", map_sha256);
		fprintf(f, "kernel_insns %" PRIu64 "\n", kernel_insns);
		fprintf(f, "kernel_insns_tcg %" PRIu64 "\n", kernel_insns_tcg);
		fprintf(f, "rep_insns %" PRIu64 "\n", rep_insns);
		fprintf(f, "rep_insns_tcg %" PRIu64 "\n", rep_insns_tcg);
		fprintf(f, "unknown_insns %" PRIu64 "\n", unknown);
		fprintf(f, "functions %zu\n", n);
		per_1k(f, "itlb4k_l1", itlb4k.l1.misses);
		per_1k(f, "itlb4k_walk", itlb4k.walks);
		per_1k(f, "itlb2m", itlb2m.misses);
		per_1k(f, "l1i", l1i.misses);
		fclose(f);
	}
	g_free(path);
	free(order);

	for (i = 0; i < n_funcs; i++)
		funcs[i].count = 0;
	g_hash_table_remove_all(edges);
	kernel_insns = kernel_insns_tcg = 0;
	itlb4k.l1.misses = itlb4k.walks = itlb2m.misses = l1i.misses = 0;
	itlb4k.l1.accesses = itlb4k.l2.accesses = itlb4k.l2.misses = 0;
	itlb2m.accesses = l1i.accesses = 0;
}

/* The region mark: exactly "xchg %bx, %bx". */
static int is_mark(const uint8_t *p, size_t n)
{
	return n == 3 && p[0] == 0x66 && p[1] == 0x87 && p[2] == 0xdb;
}

static void mark_exec(unsigned int vcpu, void *udata)
{
	char tag[16];

	(void)vcpu;
	(void)udata;
	pthread_mutex_lock(&lock);
	snprintf(tag, sizeof(tag), ".%u", marks++);
	write_region(tag);
	pthread_mutex_unlock(&lock);
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
	(void)id;
	(void)p;
	write_region("");
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv)
{
	const char *map = NULL, *sections_file = NULL;
	GHashTable *sections;
	gchar *text;
	gsize len;
	int i;

	(void)info;
	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "map=", 4))
			map = argv[i] + 4;
		else if (!strncmp(argv[i], "out=", 4))
			out_prefix = g_strdup(argv[i] + 4);
		else if (!strncmp(argv[i], "sections=", 9))
			sections_file = argv[i] + 9;
		else if (!strncmp(argv[i], "start=", 6))
			start_addr = strtoull(argv[i] + 6, NULL, 16);
		else {
			fprintf(stderr, "kernel-fetch: unknown argument %s\n", argv[i]);
			return -1;
		}
	}
	if (!map || !out_prefix) {
		fprintf(stderr, "kernel-fetch: needs map=System.map and out=PREFIX\n");
		return -1;
	}
	if (!g_file_get_contents(map, &text, &len, NULL)) {
		fprintf(stderr, "kernel-fetch: cannot read %s\n", map);
		return -1;
	}
	map_sha256 = g_compute_checksum_for_data(G_CHECKSUM_SHA256,
						 (const guchar *)text, len);
	g_free(text);
	sections = read_sections(sections_file);
	if (sections_file && !sections)
		return -1;
	i = read_map(map, sections);
	if (sections)
		g_hash_table_destroy(sections);
	if (i)
		return -1;
	if (lru_init(&l1i, 512, 8) || lru_init(&itlb2m, 8, 8) ||
	    tlb2_init(&itlb4k, 64, 8, 1536, 12)) {
		fprintf(stderr, "kernel-fetch: out of memory\n");
		return -1;
	}
	for (i = 0; i < MAX_VCPUS; i++) {
		pending[i] = -1;
		rep_at[i] = 0;
	}
	edges = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free, g_free);
	qemu_plugin_register_vcpu_tb_trans_cb(id, block_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
