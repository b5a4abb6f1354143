// SPDX-License-Identifier: GPL-2.0
/*
 * Object placement (--objects FILE): some hot functions cannot be placed
 * by a "*(.text.NAME)" line.  Assembly lives in the plain .text of its
 * object, and .noinstr.text and .sched.text must stay whole between their
 * bounds.  FILE ("NAME SECTION OBJECT" lines, written by
 * collect/find-objects.sh) says where each such function lives; the list
 * then places the object instead:
 *
 *   .text          a "*OBJECT(.text)" line right after the function's own
 *                  line, the first time the object comes up;
 *   .noinstr.text  the object joins FUNCTION_REORDER_NOINSTR(X), and
 *   .sched.text    FUNCTION_REORDER_SCHED(X), #defined at the top of the
 *                  list in the order the objects come up, for the linker
 *                  script to put first within those sections.
 */
#include <stdlib.h>
#include <string.h>

#include "p2l.h"

static const char *const sections[] = {
	[OBJ_TEXT] = ".text",
	[OBJ_NOINSTR] = ".noinstr.text",
	[OBJ_SCHED] = ".sched.text",
};

/* Characters of a path the linker script can carry as a file pattern. */
static int path_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' ||
	       c == '/' || c == '+' || c == ',';
}

static int obj_line(void *ctx, const char *s, size_t len,
		    const struct p2l_src *src)
{
	struct p2l_objs *o = ctx;
	struct p2l_field f[4];	/* one more, to see that there are more */
	const struct p2l_field *name = &f[0], *obj = &f[2];
	struct p2l_obj *e;
	int sec = -1;
	size_t i;
	char *copy;

	if (p2l_fields(s, len, f, ARRAY_SIZE(f)) != 3) {
		p2l_err("%s:%lu: want NAME SECTION OBJECT", src->file, src->line);
		return -1;
	}
	for (i = 0; i < ARRAY_SIZE(sections); i++)
		if (p2l_field_is(&f[1], sections[i]))
			sec = i;
	if (sec < 0) {
		p2l_err("%s:%lu: section '%.*s': want .text, .noinstr.text or .sched.text",
			src->file, src->line, (int)f[1].len, f[1].s);
		return -1;
	}
	for (i = 0; i < obj->len && path_char(obj->s[i]); i++)
		;
	if (i < obj->len || obj->len > P2L_OBJ_MAX || name->len > P2L_NAME_MAX) {
		p2l_err("%s:%lu: '%.*s' cannot be a linker file pattern",
			src->file, src->line, (int)obj->len, obj->s);
		return -1;
	}
	if (o->n == o->cap) {
		size_t cap = o->cap ? 2 * o->cap : 64;
		struct p2l_obj *v = realloc(o->v, cap * sizeof(*v));

		if (!v)
			goto oom;
		o->v = v;
		o->cap = cap;
	}
	copy = malloc(name->len + obj->len + 2);
	if (!copy)
		goto oom;
	e = &o->v[o->n];
	memcpy(copy, name->s, name->len);
	copy[name->len] = '\0';
	memcpy(copy + name->len + 1, obj->s, obj->len);
	copy[name->len + 1 + obj->len] = '\0';
	e->name = copy;
	e->obj = copy + name->len + 1;
	e->sec = sec;
	e->order = o->n++;
	return 0;
oom:
	p2l_err("out of memory");
	return -1;
}

/* By name, then file order: a function's entries keep their order. */
static int by_name(const void *a, const void *b)
{
	const struct p2l_obj *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->order > y->order) - (x->order < y->order);
}

static int by_place(const void *a, const void *b)
{
	const struct p2l_obj *const *x = a, *const *y = b;
	int c = (*x)->sec - (*y)->sec;

	return c ? c : strcmp((*x)->obj, (*y)->obj);
}

/*
 * Number the distinct (section, object) places, so that the list can
 * mark each as placed with one byte.
 */
static int number_places(struct p2l_objs *o)
{
	struct p2l_obj **p = malloc((o->n ? o->n : 1) * sizeof(*p));
	size_t i;

	if (!p)
		return -1;
	for (i = 0; i < o->n; i++)
		p[i] = &o->v[i];
	if (o->n)
		qsort(p, o->n, sizeof(*p), by_place);
	o->nplaces = 0;
	for (i = 0; i < o->n; i++) {
		if (i && by_place(&p[i - 1], &p[i]))
			o->nplaces++;
		p[i]->place = o->nplaces;
	}
	if (o->n)
		o->nplaces++;
	free(p);
	return 0;
}

int p2l_objs_load(struct p2l_objs *o, const char *path)
{
	memset(o, 0, sizeof(*o));
	if (p2l_read_file(path, obj_line, o))
		return -1;
	if (o->n)
		qsort(o->v, o->n, sizeof(*o->v), by_name);
	if (number_places(o)) {
		p2l_err("out of memory");
		return -1;
	}
	return 0;
}

/* The entries of @name, in file order; *count of them. */
const struct p2l_obj *p2l_objs_find(const struct p2l_objs *o,
				    const char *name, size_t len,
				    size_t *count)
{
	size_t lo = 0, hi = o->n, first;
	char key[P2L_NAME_MAX + 1];

	*count = 0;
	if (len > P2L_NAME_MAX)
		return NULL;
	memcpy(key, name, len);
	key[len] = '\0';
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(o->v[mid].name, key) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	first = lo;
	while (lo < o->n && !strcmp(o->v[lo].name, key))
		lo++;
	*count = lo - first;
	return *count ? &o->v[first] : NULL;
}

static int ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/*
 * The object as a linker file pattern, "*" and the path.  The linker
 * script goes through cpp, which predefines lowercase "linux" and "unix"
 * (and "i386" on 32-bit hosts) as 1 and replaces them wherever they are
 * a whole identifier token: "net/unix/af_unix.o" and "a/linux-x/unix.o"
 * alike.  Such a token is written with its last letter as a one-letter
 * class, "uni[x]", which matches the same file and is no identifier.  A
 * token that starts with a digit is a pp-number ("2linux", "1.unix"),
 * which cpp leaves alone.  Returns the length written; @out holds at
 * least 2 * P2L_OBJ_MAX + 2 bytes (a word of four letters becomes six).
 */
size_t p2l_obj_pattern(char *out, const char *obj)
{
	static const char *const cpp_words[] = { "linux", "unix", "i386" };
	size_t n = 0, i, len;
	const char *c = obj;
	int word;

	out[n++] = '*';
	while (*c) {
		if (!ident_char(*c)) {
			out[n++] = *c++;
			continue;
		}
		if (*c >= '0' && *c <= '9') {
			/* a pp-number: digits, letters, "_" and "." */
			len = 0;
			while (ident_char(c[len]) || c[len] == '.')
				len++;
			memcpy(out + n, c, len);
			n += len;
			c += len;
			continue;
		}
		for (len = 0; ident_char(c[len]); len++)
			;
		word = 0;
		for (i = 0; i < ARRAY_SIZE(cpp_words); i++)
			if (len == strlen(cpp_words[i]) &&
			    !memcmp(c, cpp_words[i], len))
				word = 1;
		memcpy(out + n, c, len - word);
		n += len - word;
		if (word) {
			out[n++] = '[';
			out[n++] = c[len - 1];
			out[n++] = ']';
		}
		c += len;
	}
	out[n] = '\0';
	return n;
}

void p2l_objs_free(struct p2l_objs *o)
{
	size_t i;

	for (i = 0; i < o->n; i++)
		free((char *)o->v[i].name);
	free(o->v);
	memset(o, 0, sizeof(*o));
}
