// SPDX-License-Identifier: GPL-2.0
/*
 * System.map ("address type name"), "nm -S" output ("address size type
 * name") and /proc/kallsyms of the target kernel.  Sizes missing from
 * the map are taken from the distance to the next higher address.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "p2l.h"

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

static inline int is_space(char c)
{
	return c == ' ' || c == '\t';
}

#define MAP_TOK	5

/* Parse one line of the map.  Return -1 only when out of memory. */
int p2l_map_line(struct p2l_map *m, const char *s, size_t len,
		 const struct p2l_src *src)
{
	const char *t[MAP_TOK], *end = s + len;
	size_t l[MAP_TOK];
	int n = 0, ti;
	uint64_t addr, size = 0;
	struct p2l_sym *sym;

	while (n < MAP_TOK) {
		while (s < end && is_space(*s))
			s++;
		if (s == end)
			break;
		t[n] = s;
		while (s < end && !is_space(*s))
			s++;
		l[n] = s - t[n];
		n++;
	}
	if (!n)
		return 0;
	if (n == 2 && l[0] == 1)
		return 0;		/* nm: undefined symbol */
	if (n < 3 || n == MAP_TOK) {
		p2l_skip(src, "unrecognised System.map line", t[0], end - t[0]);
		return 0;
	}
	if (l[1] == 1) {
		ti = 1;			/* System.map, kallsyms */
		if (n == 4 && t[3][0] == '[')
			return 0;	/* kallsyms: module symbol */
		if (n != 3) {
			p2l_skip(src, "unrecognised System.map line", t[0],
				 end - t[0]);
			return 0;
		}
	} else if (n == 4 && l[2] == 1 && !hexval(t[1], l[1], &size)) {
		ti = 2;			/* nm -S */
	} else {
		p2l_skip(src, "unrecognised System.map line", t[0], end - t[0]);
		return 0;
	}
	if (hexval(t[0], l[0], &addr)) {
		p2l_skip(src, "bad address in System.map", t[0], l[0]);
		return 0;
	}
	if (l[ti + 1] > P2L_NAME_MAX) {
		p2l_skip(src, "symbol name too long", t[ti + 1], l[ti + 1]);
		return 0;
	}
	if (m->n == m->cap) {
		size_t ncap = m->cap ? m->cap * 2 : 4096;
		void *p = realloc(m->sym, ncap * sizeof(*m->sym));

		if (!p)
			return -1;
		m->sym = p;
		m->cap = ncap;
	}
	if (m->nlen + l[ti + 1] + 1 > m->ncap) {
		size_t ncap = m->ncap ? m->ncap * 2 : 65536;
		void *p;

		while (m->nlen + l[ti + 1] + 1 > ncap)
			ncap *= 2;
		if (ncap > UINT32_MAX)
			return -1;
		p = realloc(m->names, ncap);
		if (!p)
			return -1;
		m->names = p;
		m->ncap = ncap;
	}
	sym = &m->sym[m->n++];
	sym->addr = addr;
	sym->size = size;
	sym->has_size = ti == 2;
	sym->type = t[ti][0];
	sym->name = m->nlen;
	sym->len = l[ti + 1];
	memcpy(m->names + m->nlen, t[ti + 1], sym->len);
	m->names[m->nlen + sym->len] = '\0';
	m->nlen += sym->len + 1;
	if (sym->len == 6 && !memcmp(t[ti + 1], "_stext", 6)) {
		m->stext = addr;
		m->have_stext = 1;
	} else if (sym->len == 6 && !memcmp(t[ti + 1], "_etext", 6)) {
		m->etext = addr;
		m->have_etext = 1;
	}
	return 0;
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
			return -1;
		sec->name = v;
		sec->cap = cap;
	}
	copy = malloc(len + 1);
	if (!copy)
		return -1;
	memcpy(copy, s, len);
	copy[len] = '\0';
	sec->name[sec->n++] = copy;
	return 0;
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
	int fd = p2l_open(path);
	size_t i, j, k;
	int r;

	if (fd < 0) {
		p2l_err("cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	r = p2l_read_lines(fd, path, NULL, 0, section_line, &sec);
	if (fd)
		close(fd);
	if (r) {
		p2l_err("cannot read %s", path);
		goto out;
	}
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
