// SPDX-License-Identifier: GPL-2.0
/*
 * System.map ("address type name"), "nm -S" output ("address size type
 * name") and /proc/kallsyms of the target kernel.  Sizes missing from
 * the map are taken from the distance to the next higher address.
 */
#include <stdlib.h>
#include <string.h>

#include "p2l.h"

#define SIZE_MAX_OK	(P2L_SIZE_NONTEXT - 1)

void p2l_map_init(struct p2l_map *m)
{
	memset(m, 0, sizeof(*m));
}

void p2l_map_free(struct p2l_map *m)
{
	free(m->sym);
	free(m->names);
	memset(m, 0, sizeof(*m));
}

int p2l_map_is_text(char type)
{
	return type == 'T' || type == 't' || type == 'W' || type == 'w';
}

static int hexval(const char *p, size_t len, uint64_t *val)
{
	uint64_t v = 0;
	size_t i;

	if (!len || len > 16)
		return -1;
	for (i = 0; i < len; i++) {
		char c = p[i];
		unsigned int d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return -1;
		v = v << 4 | d;
	}
	*val = v;
	return 0;
}

/* The four fields of "nm -S", and one to see that there are more. */
#define MAP_FIELDS	5

/*
 * Parse one line of the map (a p2l_line_fn on a struct p2l_map).
 * Return 0, or -1 after an error message when out of memory.
 */
int p2l_map_line(void *ctx, const char *s, size_t len,
		 const struct p2l_src *src)
{
	struct p2l_map *m = ctx;
	struct p2l_field f[MAP_FIELDS];
	const struct p2l_field *name;
	int n, ti;
	uint64_t addr, size = 0;
	struct p2l_sym *sym;

	n = p2l_fields(s, len, f, MAP_FIELDS);
	if (!n)
		return 0;
	if (n == 2 && f[0].len == 1)
		return 0;		/* nm: undefined symbol */
	if (n < 3 || n == MAP_FIELDS)
		goto unrecognised;
	if (f[1].len == 1) {
		ti = 1;			/* System.map, kallsyms */
		if (n == 4 && f[3].s[0] == '[')
			return 0;	/* kallsyms: module symbol */
		if (n != 3)
			goto unrecognised;
	} else if (n == 4 && f[2].len == 1 && !hexval(f[1].s, f[1].len, &size)) {
		ti = 2;			/* nm -S */
	} else {
		goto unrecognised;
	}
	name = &f[ti + 1];
	if (hexval(f[0].s, f[0].len, &addr)) {
		p2l_skip(src, "bad address in System.map", f[0].s, f[0].len);
		return 0;
	}
	if (name->len > P2L_NAME_MAX) {
		p2l_skip(src, "symbol name too long", name->s, name->len);
		return 0;
	}
	if (m->n == m->cap) {
		size_t ncap = m->cap ? m->cap * 2 : 4096;
		void *p = realloc(m->sym, ncap * sizeof(*m->sym));

		if (!p)
			goto oom;
		m->sym = p;
		m->cap = ncap;
	}
	if (m->nlen + name->len + 1 > m->ncap) {
		size_t ncap = m->ncap ? m->ncap * 2 : 65536;
		void *p;

		while (m->nlen + name->len + 1 > ncap)
			ncap *= 2;
		if (ncap > UINT32_MAX)
			goto oom;
		p = realloc(m->names, ncap);
		if (!p)
			goto oom;
		m->names = p;
		m->ncap = ncap;
	}
	sym = &m->sym[m->n++];
	sym->addr = addr;
	sym->size = size;
	sym->has_size = ti == 2;
	sym->type = f[ti].s[0];
	sym->name = m->nlen;
	sym->len = name->len;
	memcpy(m->names + m->nlen, name->s, sym->len);
	m->names[m->nlen + sym->len] = '\0';
	m->nlen += sym->len + 1;
	if (p2l_field_is(name, "_stext")) {
		m->stext = addr;
		m->have_stext = 1;
	} else if (p2l_field_is(name, "_etext")) {
		m->etext = addr;
		m->have_etext = 1;
	}
	return 0;
unrecognised:
	p2l_skip(src, "unrecognised System.map line", f[0].s, s + len - f[0].s);
	return 0;
oom:
	p2l_err("out of memory");
	return -1;
}

/*
 * Read the System.map (or "nm -S" output, or kallsyms) @path.  Return
 * 0, or -1 after an error message.
 */
int p2l_map_load(struct p2l_map *m, const char *path)
{
	if (p2l_read_file(path, p2l_map_line, m))
		return -1;
	if (p2l_map_finish(m)) {
		p2l_err("%s: no symbols in System.map", path);
		return -1;
	}
	return 0;
}

/*
 * The size in the map @m of each function of @t, by table index (the
 * sizes of several text symbols of one name add up), or
 * P2L_SIZE_ABSENT or P2L_SIZE_NONTEXT.  NULL when out of memory.
 */
uint32_t *p2l_map_sizes(const struct p2l_map *m, const struct p2l_tab *t)
{
	uint32_t nfn = p2l_tab_count(t);
	uint32_t *size = malloc((size_t)(nfn ? nfn : 1) * sizeof(*size));
	size_t i;

	if (!size)
		return NULL;
	for (i = 0; i < nfn; i++)
		size[i] = P2L_SIZE_ABSENT;
	for (i = 0; i < m->n; i++) {
		const struct p2l_sym *s = &m->sym[i];
		const char *name = m->names + s->name;
		long e = p2l_tab_find(t, name, s->len, p2l_hash(name, s->len));
		uint64_t sz;

		if (e < 0)
			continue;
		if (!p2l_map_is_text(s->type)) {
			if (size[e] == P2L_SIZE_ABSENT)
				size[e] = P2L_SIZE_NONTEXT;
			continue;
		}
		sz = size[e] >= P2L_SIZE_NONTEXT ? 0 : size[e];
		sz += s->size;
		size[e] = sz > SIZE_MAX_OK ? SIZE_MAX_OK : sz;
	}
	return size;
}

static int cmp_sym(const void *a, const void *b)
{
	const struct p2l_sym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	/* among aliases, text symbols last so that lookups find them */
	if (p2l_map_is_text(x->type) != p2l_map_is_text(y->type))
		return p2l_map_is_text(x->type) ? 1 : -1;
	return x->name < y->name ? -1 : x->name > y->name;
}

/* Sort by address and fill in missing sizes. */
int p2l_map_finish(struct p2l_map *m)
{
	size_t i, j = 0;

	if (!m->n)
		return -1;
	qsort(m->sym, m->n, sizeof(*m->sym), cmp_sym);
	for (i = 0; i < m->n; i++) {
		struct p2l_sym *s = &m->sym[i];

		if (s->has_size)
			continue;
		if (j <= i)
			j = i + 1;
		while (j < m->n && m->sym[j].addr == s->addr)
			j++;
		s->size = j < m->n ? m->sym[j].addr - s->addr : 0;
	}
	return 0;
}

/* Index of the last symbol at or below @addr, or -1. */
long p2l_map_lookup(const struct p2l_map *m, uint64_t addr)
{
	size_t lo = 0, hi = m->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->sym[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (long)lo - 1;
}

struct sections {
	char **name;
	size_t n, cap;
};

static int section_line(void *ctx, const char *s, size_t len,
			const struct p2l_src *src)
{
	struct sections *sec = ctx;
	char *copy;

	(void)src;
	if (len > 6 && !memcmp(s, ".text.", 6)) {
		s += 6;
		len -= 6;
	}
	if (!len)
		return 0;
	if (sec->n == sec->cap) {
		size_t cap = sec->cap ? 2 * sec->cap : 4096;
		char **v = realloc(sec->name, cap * sizeof(*v));

		if (!v)
			goto oom;
		sec->name = v;
		sec->cap = cap;
	}
	copy = malloc(len + 1);
	if (!copy)
		goto oom;
	memcpy(copy, s, len);
	copy[len] = '\0';
	sec->name[sec->n++] = copy;
	return 0;
oom:
	p2l_err("out of memory");
	return -1;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int has_section(const struct sections *sec, const char *name)
{
	return sec->n && bsearch(&name, sec->name, sec->n, sizeof(*sec->name),
				 cmp_str);
}

/*
 * Several text symbols can share an address: a SYSCALL_DEFINE stub is an
 * alias of __do_sys_*, identical code folding makes aliases.  Lookups
 * find the last of them.  Only the name of a function's own section can
 * place it, so with @path (the ".text.NAME" section names of the
 * profiled kernel's vmlinux.o, one a line) the last alias that has a
 * section moves to the end of its group.  Return 0, or -1 after an error
 * message.
 */
int p2l_map_prefer_sections(struct p2l_map *m, const char *path)
{
	struct sections sec = { 0 };
	size_t i, j, k;
	int r;

	r = p2l_read_file(path, section_line, &sec);
	if (r)
		goto out;
	if (sec.n)
		qsort(sec.name, sec.n, sizeof(*sec.name), cmp_str);
	for (i = 0; i < m->n; i = j) {
		long want = -1;

		for (j = i; j < m->n && m->sym[j].addr == m->sym[i].addr; j++)
			if (p2l_map_is_text(m->sym[j].type) &&
			    has_section(&sec, m->names + m->sym[j].name))
				want = j;
		/* text symbols sort last among aliases: j - 1 is one, if any */
		if (want >= 0 && (size_t)want != j - 1) {
			struct p2l_sym keep = m->sym[want];

			for (k = want; k + 1 < j; k++)
				m->sym[k] = m->sym[k + 1];
			m->sym[j - 1] = keep;
		}
	}
out:
	for (i = 0; i < sec.n; i++)
		free(sec.name[i]);
	free(sec.name);
	return r ? -1 : 0;
}

/*
 * An inner entry point (SYM_INNER_LABEL: __put_user_nocheck_4 within
 * __put_user_4, entry_SYSCALL_64_after_hwframe within entry_SYSCALL_64)
 * has no section of its own: it runs in the section of the function
 * whose extent holds it, and only that function's name can place it.
 * With sizes from "nm -S" (System.map has none, so nothing is inner
 * there), a text symbol that starts strictly inside the extent of a
 * text symbol of an explicit size is inner to it: its count goes to
 * that function (p2l_tab_fold), which is listed in its stead.  Each is
 * reported unless quiet.  Return how many were folded, or -1 after an
 * error message.
 */
long p2l_map_fold_inner(const struct p2l_map *m, struct p2l_tab *t)
{
	const struct p2l_sym *outer = NULL;
	long folded = 0;
	size_t i;

	for (i = 0; i < m->n; i++) {
		const struct p2l_sym *s = &m->sym[i];
		const char *name = m->names + s->name;
		const char *oname;
		long e;

		if (!p2l_map_is_text(s->type))
			continue;
		if (!outer || s->addr == outer->addr ||
		    s->addr >= outer->addr + outer->size) {
			if (s->has_size && s->size &&
			    (!outer || s->addr != outer->addr ||
			     s->size > outer->size))
				outer = s;
			continue;
		}
		e = p2l_tab_find(t, name, s->len, p2l_hash(name, s->len));
		if (e < 0 || !(p2l_tab_score(t, e) > 0))
			continue;
		oname = m->names + outer->name;
		if (p2l_tab_fold(t, e, oname, outer->len,
				 p2l_hash(oname, outer->len)) < 0)
			return -1;
		if (!p2l_quiet)
			fprintf(stderr, "profile2linkerlist: %.*s is an inner entry point of %.*s: counted with it\n",
				(int)s->len, name, (int)outer->len, oname);
		folded++;
	}
	return folded;
}
