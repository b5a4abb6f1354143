// SPDX-License-Identifier: GPL-2.0
/*
 * The list: keep the functions that are text in the target's System.map,
 * order them by heat or heat density, stop at the size budget, write one
 * linker-script line per function and report the coverage.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "p2l.h"

#define SIZE_ABSENT	0xffffffffU
#define SIZE_NONTEXT	0xfffffffeU
#define SIZE_MAX_OK	0xfffffffdU

/* Mark which profiled functions are text in the map, and their sizes. */
static int apply_map(struct p2l_tab *t, const struct p2l_map *m)
{
	size_t i;

	t->size = malloc((size_t)(t->n ? t->n : 1) * sizeof(*t->size));
	if (!t->size)
		return -1;
	for (i = 0; i < t->n; i++)
		t->size[i] = SIZE_ABSENT;
	for (i = 0; i < m->n; i++) {
		const struct p2l_sym *s = &m->sym[i];
		const char *name = m->names + s->name;
		long e = p2l_tab_find(t, name, s->len, p2l_hash(name, s->len));
		uint64_t sz;

		if (e < 0)
			continue;
		if (!p2l_map_is_text(s->type)) {
			if (t->size[e] == SIZE_ABSENT)
				t->size[e] = SIZE_NONTEXT;
			continue;
		}
		sz = t->size[e] >= SIZE_NONTEXT ? 0 : t->size[e];
		sz += s->size;
		t->size[e] = sz > SIZE_MAX_OK ? SIZE_MAX_OK : sz;
	}
	return 0;
}

/*
 * The linker list line for function @name.  GCC puts the cold part of
 * foo, named foo.cold (foo.cold.N before GCC 8), in .text.unlikely.foo.
 */
size_t p2l_format_line(char *out, const char *name, size_t len)
{
	const char *pfx = "*(.text.";
	size_t base = len, i, o;

	for (i = len; i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9'; i--)
		;
	if (i < len && i > 0 && name[i - 1] == '.')
		i--;
	else
		i = len;
	if (i > 5 && !memcmp(name + i - 5, ".cold", 5)) {
		pfx = "*(.text.unlikely.";
		base = i - 5;
	}
	o = strlen(pfx);
	memcpy(out, pfx, o);
	memcpy(out + o, name, base);
	o += base;
	out[o++] = ')';
	out[o++] = '\n';
	return o;
}

struct out {
	int fd;			/* -1 until the first write */
	const char *path;	/* NULL for standard output */
	char buf[64 * 1024];
	size_t len;
	int err;
};

static void out_flush(struct out *o)
{
	size_t done = 0;

	if (o->fd < 0 && !o->err) {
		o->fd = 1;
		if (o->path)
			o->fd = open(o->path, O_WRONLY | O_CREAT | O_TRUNC |
				     O_CLOEXEC, 0644);
		if (o->fd < 0)
			o->err = errno;
	}

	while (!o->err && done < o->len) {
		ssize_t r = write(o->fd, o->buf + done, o->len - done);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			o->err = errno ? errno : EIO;
			break;
		}
		done += r;
	}
	o->len = 0;
}

static void out_name(struct out *o, const char *name, size_t len)
{
	if (o->len + P2L_OUT_MAX > sizeof(o->buf))
		out_flush(o);
	o->len += p2l_format_line(o->buf + o->len, name, len);
}

static void out_str(struct out *o, const char *str, size_t len)
{
	if (o->len + len > sizeof(o->buf))
		out_flush(o);
	memcpy(o->buf + o->len, str, len);
	o->len += len;
}

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

static const char *item_name(const struct p2l_tab *t, int map,
			     uint64_t item, size_t *len)
{
	return map ? p2l_tab_name(t, (uint32_t)item, len) :
		     arena_name(t, (uint32_t)item, len);
}

/*
 * FUNCTION_REORDER_NOINSTR(X) and FUNCTION_REORDER_SCHED(X): the objects
 * of the listed functions in those sections, in list order, each once.
 */
static void out_defines(struct out *out, const struct p2l_tab *t, int map,
			const uint64_t *sorted, size_t listed,
			const struct p2l_objs *objs, unsigned char *placed)
{
	static const struct {
		enum p2l_obj_sec sec;
		const char *macro;
	} defs[] = {
		{ OBJ_NOINSTR, "FUNCTION_REORDER_NOINSTR" },
		{ OBJ_SCHED, "FUNCTION_REORDER_SCHED" },
	};
	char pat[P2L_PATTERN_MAX];
	size_t d, i, j, k, len;

	for (d = 0; d < ARRAY_SIZE(defs); d++) {
		int any = 0;

		for (i = 0; i < listed; i++) {
			const char *name = item_name(t, map, sorted[i], &len);
			const struct p2l_obj *e = p2l_objs_find(objs, name, len, &k);

			for (j = 0; j < k; j++) {
				if (e[j].sec != defs[d].sec || placed[e[j].place])
					continue;
				placed[e[j].place] = 1;
				if (!any) {
					out_str(out, "#define ", 8);
					out_str(out, defs[d].macro,
						strlen(defs[d].macro));
					out_str(out, "(X)", 3);
					any = 1;
				}
				out_str(out, " \\\n\tX(", 6);
				out_str(out, pat, p2l_obj_pattern(pat, e[j].obj));
				out_str(out, ")", 1);
			}
		}
		if (any)
			out_str(out, "\n", 1);
	}
}

/* After a function's line: its assembly objects not placed before. */
static void out_text_objects(struct out *out, const char *name, size_t len,
			     const struct p2l_objs *objs, unsigned char *placed)
{
	char pat[P2L_PATTERN_MAX];
	size_t j, k;
	const struct p2l_obj *e = p2l_objs_find(objs, name, len, &k);

	for (j = 0; j < k; j++) {
		if (e[j].sec != OBJ_TEXT || placed[e[j].place])
			continue;
		placed[e[j].place] = 1;
		out_str(out, pat, p2l_obj_pattern(pat, e[j].obj));
		out_str(out, "(.text)\n", 8);
	}
}

/* Filter by the map, order, apply the budget and write the list. */
static int emit(struct p2l_tab *t, const struct p2l_map *map,
		const struct p2l_list *o, struct out *out,
		struct p2l_result *res)
{
	uint64_t *item, *tmp, *sorted;
	unsigned char *placed = NULL;
	double matched = 0, all = 0;
	size_t i, n = 0;

	memset(res, 0, sizeof(*res));
	if (map && apply_map(t, map)) {
		p2l_err("out of memory");
		return -1;
	}
	p2l_tab_drop_hash(t);
	if (!map) {
		/* entries become (key, name) items in place */
		item = (uint64_t *)t->ent;
		for (i = 0; i < t->n; i++) {
			struct p2l_ent e = t->ent[i];

			if (!(e.val > 0))
				continue;
			res->covered += e.val;
			item[n++] = (uint64_t)p2l_key(e.val) << 32 | e.name;
		}
		t->ent = NULL;
	} else {
		item = malloc((size_t)(t->n ? t->n : 1) * sizeof(*item));
		if (!item) {
			p2l_err("out of memory");
			return -1;
		}
		for (i = 0; i < t->n; i++) {
			float v = t->ent[i].val;
			uint32_t sz = t->size[i];
			struct p2l_src src;
			size_t len;
			const char *name;

			if (!(v > 0))
				continue;
			all += v;
			if (sz < SIZE_NONTEXT) {
				matched += v;
				if (o->order == ORDER_DENSITY)
					v /= sz ? sz : 1;
				item[n++] = (uint64_t)p2l_key(v) << 32 | i;
				continue;
			}
			name = p2l_tab_name(t, i, &len);
			src.file = o->files[t->file[i]];
			src.line = t->line[i];
			p2l_skip(&src, sz == SIZE_ABSENT ?
				 "function not in System.map" :
				 "not a text symbol in System.map", name, len);
		}
		if (all > 0 && matched == 0) {
			p2l_err("%s does not match the profile: none of its text symbols was profiled",
				o->map_path);
			free(item);
			return -1;
		}
		if (matched < all / 2)
			p2l_warn("only %.1f%% of the attributed samples are in text symbols of %s: does it match the profiled kernel?",
				 100 * matched / all, o->map_path);
	}
	res->profiled = n;
	tmp = malloc((n ? n : 1) * sizeof(*tmp));
	if (!tmp) {
		p2l_err("out of memory");
		free(item);
		return -1;
	}
	sorted = p2l_radix_sort(item, tmp, n);
	if (o->order == ORDER_C3 && p2l_c3(t, o->edges, sorted, n)) {
		free(item);
		free(tmp);
		return -1;
	}
	res->listed = n;
	for (i = 0; map && i < n; i++) {	/* what fits the budget */
		uint32_t pl = sorted[i];
		uint64_t sz = t->size[pl];

		if (o->budget && res->bytes + sz > o->budget) {
			res->over = n - i;
			res->listed = i;
			break;
		}
		res->bytes += sz;
		res->covered += t->ent[pl].val;
	}
	if (o->objs) {
		placed = calloc(o->objs->nplaces + 1, 1);
		if (!placed) {
			p2l_err("out of memory");
			free(item);
			free(tmp);
			return -1;
		}
		out_defines(out, t, !!map, sorted, res->listed, o->objs, placed);
	}
	for (i = 0; i < res->listed; i++) {
		const char *name;
		size_t len;

		if (!map && i + 16 < n)
			__builtin_prefetch(t->arena + (uint32_t)sorted[i + 16]);
		name = item_name(t, !!map, sorted[i], &len);
		out_name(out, name, len);
		if (o->objs)
			out_text_objects(out, name, len, o->objs, placed);
	}
	out_flush(out);
	free(placed);
	free(item);
	free(tmp);
	return 0;
}

/*
 * Filter by the map, order, apply the budget and write the list to
 * @o->output or standard output.  Return 0, or -1 after an error message.
 */
int p2l_emit(struct p2l_tab *t, const struct p2l_map *map,
	     const struct p2l_list *o, struct p2l_result *res)
{
	struct out *out = malloc(sizeof(*out));
	int r;

	if (!out) {
		p2l_err("out of memory");
		return -1;
	}
	out->fd = -1;
	out->path = o->output;
	out->len = 0;
	out->err = 0;
	r = emit(t, map, o, out, res);
	if (!r && out->err) {
		p2l_err("cannot write %s: %s", o->output ? o->output : "output",
			strerror(out->err));
		r = -1;
	}
	if (o->output && out->fd > 1 && close(out->fd) && !r) {
		p2l_err("write error on %s: %s", o->output, strerror(errno));
		r = -1;
	}
	free(out);
	return r;
}

void p2l_summary(const struct p2l_list *o, const struct p2l_tab *t,
		 const struct p2l_result *r)
{
	double cov = t->total_weight > 0 ? 100 * r->covered / t->total_weight : 0;

	fprintf(stderr, "profile2linkerlist: %u functions listed, covering %.2f%% of the samples of %u profile(s)\n",
		r->listed, cov, t->nprofiles);
	if (o->map_path) {
		fprintf(stderr, "profile2linkerlist: size %llu bytes (%.2f MiB)",
			(unsigned long long)r->bytes, r->bytes / 1048576.0);
		if (o->budget)
			fprintf(stderr, ", budget %llu bytes; %u profiled functions did not fit\n",
				(unsigned long long)o->budget, r->over);
		else
			fputs(", no budget\n", stderr);
	} else {
		fputs("profile2linkerlist: size unknown without --system-map, no budget applied\n",
		      stderr);
	}
	if (p2l_nskipped)
		fprintf(stderr, "profile2linkerlist: %lu input lines skipped\n",
			p2l_nskipped);
}
