/* SPDX-License-Identifier: GPL-2.0 */
/*
 * profile2linkerlist: turn kernel profiles into a linker list of
 * "*(.text.NAME)" lines, hottest function first.
 */
#ifndef P2L_H
#define P2L_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <sys/types.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#endif

#define P2L_NAME_MAX	511		/* KSYM_NAME_LEN - 1 */
#define P2L_LINE_MAX	(64 * 1024)

enum p2l_format {
	FMT_AUTO,
	FMT_READPROFILE,
	FMT_PROCPROFILE,
	FMT_PERF,
};

/* Where an input line came from, for skip reports. */
struct p2l_src {
	const char *file;
	unsigned long line;
};

/*
 * Called with each line of an input, without its newline or final CR:
 * 0 to go on, negative to stop reading after an error message.
 */
typedef int (*p2l_line_fn)(void *ctx, const char *s, size_t len,
			   const struct p2l_src *src);

/* diagnostics.c: skipped lines, warnings and errors on stderr */
extern int p2l_quiet;
extern unsigned long p2l_nskipped;
void p2l_skip(const struct p2l_src *src, const char *reason,
	      const char *what, size_t len);
#define p2l_warn(fmt, ...) \
	fprintf(stderr, "profile2linkerlist: warning: " fmt "\n", ##__VA_ARGS__)
#define p2l_err(fmt, ...) \
	fprintf(stderr, "profile2linkerlist: error: " fmt "\n", ##__VA_ARGS__)

/* names.c */
extern const unsigned char p2l_ident[256];
const char *p2l_name_check(const char *s, size_t len);
const char *p2l_strip_prefix(const char *s, size_t *len);
uint64_t p2l_hash(const char *s, size_t len);
int p2l_parse_u64(const char **pp, const char *end, uint64_t *val);

/*
 * symtab.c: the profiled functions, merged over all profiles.  A function
 * is known by its index, in first-seen order; how the table stores it is
 * symtab.c's own business.
 */
struct p2l_tab;

struct p2l_tab *p2l_tab_new(int track);
void p2l_tab_free(struct p2l_tab *t);
int p2l_tab_reserve(struct p2l_tab *t, size_t more);
int p2l_tab_begin(struct p2l_tab *t, uint32_t file);
int p2l_tab_add(struct p2l_tab *t, const char *name, size_t len,
		uint64_t h, double count, const struct p2l_src *src);
void p2l_tab_unknown(struct p2l_tab *t, double count);
double p2l_tab_profile_total(const struct p2l_tab *t);
int p2l_tab_end(struct p2l_tab *t, double weight);
long p2l_tab_find(const struct p2l_tab *t, const char *name, size_t len,
		  uint64_t h);
void p2l_tab_finish(struct p2l_tab *t);
uint32_t p2l_tab_count(const struct p2l_tab *t);
const char *p2l_tab_name(const struct p2l_tab *t, uint32_t i, size_t *len);
void p2l_tab_prefetch(const struct p2l_tab *t, uint32_t i, uint32_t soon);
float p2l_tab_score(const struct p2l_tab *t, uint32_t i);
void p2l_tab_origin(const struct p2l_tab *t, uint32_t i, uint32_t *file,
		    unsigned long *line);
double p2l_tab_weight(const struct p2l_tab *t);
unsigned int p2l_tab_profiles(const struct p2l_tab *t);
long p2l_tab_fold(struct p2l_tab *t, uint32_t from, const char *name,
		  size_t len, uint64_t h);
uint32_t p2l_tab_folded(const struct p2l_tab *t, uint32_t i);

/* sysmap.c: System.map or "nm -S" output */
struct p2l_sym {
	uint64_t addr;
	uint64_t size;		/* 0 if unknown */
	uint32_t name;		/* offset into map->names */
	uint16_t len;
	char type;
	char has_size;
};

struct p2l_map {
	struct p2l_sym *sym;
	size_t n, cap;
	char *names;
	size_t nlen, ncap;
	uint64_t stext, etext;
	int have_stext, have_etext;
};

void p2l_map_init(struct p2l_map *m);
void p2l_map_free(struct p2l_map *m);
int p2l_map_line(void *ctx, const char *s, size_t len,
		 const struct p2l_src *src);
int p2l_map_load(struct p2l_map *m, const char *path);

#define P2L_SIZE_ABSENT		0xffffffffU	/* not in the map */
#define P2L_SIZE_NONTEXT	0xfffffffeU	/* no text symbol there */

uint32_t *p2l_map_sizes(const struct p2l_map *m, const struct p2l_tab *t);
int p2l_map_finish(struct p2l_map *m);
int p2l_map_is_text(char type);
int p2l_map_prefer_sections(struct p2l_map *m, const char *path);
long p2l_map_lookup(const struct p2l_map *m, uint64_t addr);
long p2l_map_fold_inner(const struct p2l_map *m, struct p2l_tab *t);

/* input.c: opening files, the buffered line reader, format detection */
int p2l_open(const char *path);
const char *p2l_display(const char *path);
int p2l_read_lines(int fd, const char *path, const unsigned char *pre,
		   size_t prelen, p2l_line_fn fn, void *ctx);
int p2l_read_file(const char *path, p2l_line_fn fn, void *ctx);
ssize_t p2l_read_full(int fd, void *buf, size_t len);
enum p2l_format p2l_detect(const unsigned char *buf, size_t len);

/* fields.c: the blank-separated fields of an input line */
struct p2l_field {
	const char *s;
	size_t len;
};

int p2l_fields(const char *s, size_t len, struct p2l_field *f, int max);
int p2l_field_is_hex(const struct p2l_field *f);
int p2l_field_is(const struct p2l_field *f, const char *str);

/* readprofile.c */
struct p2l_rp {
	struct p2l_tab *tab;
	double total_line;
	int have_total;
};

int p2l_rp_line(void *ctx, const char *s, size_t len,
		const struct p2l_src *src);

/* perf.c */
struct p2l_perf {
	struct p2l_tab *tab;
	int in_sample;		/* perf script: waiting for the leaf frame */
};

int p2l_perf_line(void *ctx, const char *s, size_t len,
		  const struct p2l_src *src);

/* procprofile.c */
struct p2l_pp {
	struct p2l_tab *tab;
	const struct p2l_map *map;
	const char *file;
	uint32_t step;
	int swap;
	uint64_t nbuckets;
	long cursym;		/* map symbol of the previous bucket */
	double outside, nontext;
	uint64_t *counts;	/* NULL, or ticks per map symbol (print mode) */
};

int p2l_pp_header(struct p2l_pp *pp, const unsigned char *buf, size_t len);
int p2l_pp_buckets(struct p2l_pp *pp, const unsigned char *buf, size_t len);
int p2l_pp_finish(struct p2l_pp *pp, int check);
int p2l_pp_print(FILE *f, const struct p2l_map *m, const uint64_t *counts);

/* radixsort.c: sort keys and the stable radix sort */
enum p2l_order {
	ORDER_HEAT,
	ORDER_DENSITY,
	ORDER_C3,
	ORDER_PAGES,	/* density's pages, C3 within each */
	ORDER_PACKED,	/* C3's clusters packed whole into pages */
	ORDER_SPLIT,	/* density for the hottest half, C3 after */
};

/* The orders that read call edges (--edges): C3 and its variants. */
static inline int p2l_order_uses_edges(enum p2l_order o)
{
	return o == ORDER_C3 || o == ORDER_PAGES || o == ORDER_PACKED ||
	       o == ORDER_SPLIT;
}

uint32_t p2l_key(float v);
uint64_t *p2l_radix_sort(uint64_t *a, uint64_t *tmp, size_t n);

/* objects.c: --objects, the objects of functions not placeable by name */
#define P2L_OBJ_MAX	1024	/* longest object path */
#define P2L_PATTERN_MAX	(2 * P2L_OBJ_MAX + 2)

enum p2l_obj_sec {
	OBJ_TEXT,
	OBJ_NOINSTR,
	OBJ_SCHED,
};

struct p2l_obj {
	const char *name, *obj;
	enum p2l_obj_sec sec;
	size_t order;		/* line order in the file */
	size_t place;		/* number of its (sec, obj) pair */
};

struct p2l_objs {
	struct p2l_obj *v;	/* sorted by name, then file order */
	size_t n, cap, nplaces;
};

int p2l_objs_load(struct p2l_objs *o, const char *path);
const struct p2l_obj *p2l_objs_find(const struct p2l_objs *o,
				    const char *name, size_t len,
				    size_t *count);
size_t p2l_obj_pattern(char *out, const char *obj);
void p2l_objs_free(struct p2l_objs *o);

/* callgraph.c: --edges files and the C3 order */
struct p2l_edge {
	uint32_t from, to;	/* table indices of caller and callee */
	double w;		/* normalised count */
};

struct p2l_edges {
	struct p2l_edge *v;
	size_t n, cap;
	double unplaced;	/* this file's calls with an unprofiled end */
	double unplaced_share;	/* of all files, normalised */
	double total_weight;
	unsigned int files;
};

int p2l_edges_load(struct p2l_edges *e, const struct p2l_tab *t,
		   const char *path, double weight);
void p2l_edges_free(struct p2l_edges *e);
#define P2L_PAGE	4096	/* the 4 KiB page of an iTLB entry */
int p2l_c3(const struct p2l_tab *t, const uint32_t *size,
	   const struct p2l_edges *e, uint64_t *sorted, size_t n,
	   enum p2l_order order, uint64_t page);

/* writelist.c: filter by the map, order, cut at the budget, write */
struct p2l_list {
	const char *map_path;	/* NULL: no System.map */
	const char *output;	/* NULL: standard output */
	uint64_t budget;	/* bytes, 0 = none */
	enum p2l_order order;
	const char **files;	/* profile names, for skip reports */
	const struct p2l_objs *objs;	/* NULL: no --objects */
	const struct p2l_edges *edges;	/* for the orders that read edges */
};

struct p2l_result {
	uint32_t listed, profiled, over;
	uint64_t bytes;
	double covered;		/* sum of the listed scores */
};

#define P2L_OUT_MAX	(P2L_NAME_MAX + 32)	/* longest list line */

size_t p2l_format_line(char *out, const char *name, size_t len);
int p2l_emit(struct p2l_tab *t, const struct p2l_map *map,
	     const struct p2l_list *o, struct p2l_result *res);
void p2l_summary(const struct p2l_list *o, const struct p2l_tab *t,
		 const struct p2l_result *r);

#endif /* P2L_H */
