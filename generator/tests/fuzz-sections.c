// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: the --sections reader and its choice among aliases. */
#include "fuzz_common.h"

#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * A fixed map with every kind of alias group: a lone symbol, data and
 * text at one address, several text aliases (System.map and nm -S lines
 * mixed, so that sizes given per symbol must move with it), data alone.
 * tests/data/fuzz-sections.txt names some of its functions.
 */
static const char map_text[] =
	"ffffffff81000000 T _text\n"
	"ffffffff81000000 T _stext\n"
	"ffffffff81000008 T alpha\n"
	"ffffffff81000010 t beta.isra.0\n"
	"ffffffff81000010 T __x64_sys_beta\n"
	"ffffffff81000010 D beta_data\n"
	"ffffffff81000010 W __do_sys_beta\n"
	"ffffffff81000018 D not_text\n"
	"ffffffff81000018 r not_text_either\n"
	"ffffffff8100001c 0000000000000004 T gamma\n"
	"ffffffff8100001c 0000000000000002 t gamma_alias\n"
	"ffffffff8100001c d gamma_data\n"
	"ffffffff81000020 T _etext\n";

/*
 * Whether @name is one of the section lines of @data, read the way the
 * documented format says: one a line, CRLF allowed, ".text." optional.
 * Names are C strings, so a NUL ends a line's name.  Valid only while
 * no line can be too long for the line reader.
 */
static int listed(const uint8_t *data, size_t size, const char *name)
{
	const char *s = (const char *)data, *end = s + size;
	size_t want = strlen(name);

	while (s < end) {
		const char *nl = memchr(s, '\n', end - s);
		const char *e = nl ? nl : end;
		const char *z;
		size_t len = e - s;

		if (len && s[len - 1] == '\r')
			len--;
		if (len > 6 && !memcmp(s, ".text.", 6)) {
			s += 6;
			len -= 6;
		}
		z = memchr(s, '\0', len);
		if (z)
			len = z - s;
		if (len == want && !memcmp(s, name, len))
			return 1;
		s = e + 1;
	}
	return 0;
}

static int same_sym(const struct p2l_sym *a, const struct p2l_sym *b)
{
	return a->addr == b->addr && a->size == b->size &&
	       a->name == b->name && a->len == b->len &&
	       a->type == b->type && a->has_size == b->has_size;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct p2l_map m;
	static struct p2l_sym *orig, *want, *again;
	char path[64];
	size_t i, j, k;
	int fd;

	p2l_quiet = 1;
	if (!orig) {
		p2l_map_init(&m);
		fd = fuzz_fd((const uint8_t *)map_text, sizeof(map_text) - 1);
		if (p2l_read_lines(fd, "map", NULL, 0, p2l_map_line, &m) ||
		    p2l_map_finish(&m))
			abort();
		close(fd);
		orig = malloc(m.n * sizeof(*orig));
		want = malloc(m.n * sizeof(*want));
		again = malloc(m.n * sizeof(*again));
		if (!orig || !want || !again)
			abort();
		memcpy(orig, m.sym, m.n * sizeof(*orig));
	}
	memcpy(m.sym, orig, m.n * sizeof(*orig));

	/*
	 * The promise: in each group of aliases, the last text symbol that
	 * has a section moves to the end, where lookups find it; nothing
	 * else moves.
	 */
	memcpy(want, orig, m.n * sizeof(*want));
	for (i = 0; i < m.n; i = j) {
		long last = -1;

		for (j = i; j < m.n && want[j].addr == want[i].addr; j++)
			if (p2l_map_is_text(want[j].type) &&
			    listed(data, size, m.names + want[j].name))
				last = j;
		if (last >= 0) {
			struct p2l_sym keep = want[last];

			for (k = last; k + 1 < j; k++)
				want[k] = want[k + 1];
			want[j - 1] = keep;
		}
	}

	fd = fuzz_fd(data, size);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	if (p2l_map_prefer_sections(&m, path))
		abort();

	for (i = 0; i < m.n; i++) {
		const struct p2l_sym *s = &m.sym[i];
		long l = p2l_map_lookup(&m, s->addr);

		if (size <= P2L_LINE_MAX && !same_sym(s, &want[i]))
			abort();
		for (k = i; k > 0 && orig[k - 1].addr == s->addr; k--)
			;
		while (k < m.n && orig[k].addr == s->addr &&
		       !same_sym(s, &orig[k]))
			k++;
		if (k == m.n || orig[k].addr != s->addr)
			abort();	/* moved only within its group */
		if (i && (s->addr < s[-1].addr ||
			  (s->addr == s[-1].addr &&
			   !p2l_map_is_text(s->type) &&
			   p2l_map_is_text(s[-1].type))))
			abort();	/* sorted, text last among aliases */
		if (l < (long)i || m.sym[l].addr != s->addr ||
		    (l + 1 < (long)m.n && m.sym[l + 1].addr == s->addr))
			abort();	/* the last of its group */
		if (p2l_map_is_text(s->type) && !p2l_map_is_text(m.sym[l].type))
			abort();
	}

	/* once preferred, the same list changes nothing */
	memcpy(again, m.sym, m.n * sizeof(*again));
	if (p2l_map_prefer_sections(&m, path))
		abort();
	for (i = 0; i < m.n; i++)
		if (!same_sym(&m.sym[i], &again[i]))
			abort();
	close(fd);
	return 0;
}
