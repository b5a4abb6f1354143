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

/*
 * FUNCTION_REORDER_NOINSTR(X) and FUNCTION_REORDER_SCHED(X): the objects
 * of the listed functions in those sections, in list order, each once.
 */
static void out_defines(struct out *out, const struct p2l_tab *t,
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
			const char *name = p2l_tab_name(t, sorted[i], &len);
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

/*
 * The (key, table index) items of the functions to order: all with
 * samples, or with @size, those that are text in the map.  Return their
 * number, or -1 after an error message.
 */
static long select_items(const struct p2l_tab *t, const uint32_t *size,
			 const struct p2l_list *o, uint64_t *item,
			 struct p2l_result *res)
{
	uint32_t nfn = p2l_tab_count(t);
	double matched = 0, all = 0;
	size_t i, n = 0;

	for (i = 0; i < nfn; i++) {
		float v = p2l_tab_score(t, i);
		struct p2l_src src;
		uint32_t file;
		size_t len;
		const char *name;

		if (!(v > 0))
			continue;
		if (!size) {
			res->covered += v;
			item[n++] = (uint64_t)p2l_key(v) << 32 | i;
			continue;
		}
		all += v;
		if (size[i] < P2L_SIZE_NONTEXT) {
			matched += v;
			if (o->order == ORDER_DENSITY || o->order == ORDER_PAGES ||
			    o->order == ORDER_SPLIT)
				v /= size[i] ? size[i] : 1;
			item[n++] = (uint64_t)p2l_key(v) << 32 | i;
			continue;
		}
		name = p2l_tab_name(t, i, &len);
		p2l_tab_origin(t, i, &file, &src.line);
		src.file = o->files[file];
		p2l_skip(&src, size[i] == P2L_SIZE_ABSENT ?
			 "function not in System.map" :
			 "not a text symbol in System.map", name, len);
	}
	if (all > 0 && matched == 0) {
		p2l_err("%s does not match the profile: none of its text symbols was profiled",
			o->map_path);
		return -1;
	}
	if (matched < all / 2)
		p2l_warn("only %.1f%% of the attributed samples are in text symbols of %s: does it match the profiled kernel?",
			 100 * matched / all, o->map_path);
	return n;
}

/* Filter by the map, order, apply the budget and write the list. */
static int emit(struct p2l_tab *t, const struct p2l_map *map,
		const struct p2l_list *o, struct out *out,
		struct p2l_result *res)
{
	uint32_t nfn = p2l_tab_count(t);
	uint64_t *item = NULL, *tmp = NULL, *sorted;
	uint32_t *size = NULL;
	unsigned char *placed = NULL;
	long n = -1;
	size_t i;

	memset(res, 0, sizeof(*res));
	if (map) {
		size = p2l_map_sizes(map, t);
		if (!size)
			goto oom;
	}
	p2l_tab_finish(t);
	item = malloc((size_t)(nfn ? nfn : 1) * sizeof(*item));
	tmp = malloc((size_t)(nfn ? nfn : 1) * sizeof(*tmp));
	if (!item || !tmp)
		goto oom;
	n = select_items(t, size, o, item, res);
	if (n < 0)
		goto out;
	res->profiled = n;
	sorted = p2l_radix_sort(item, tmp, n);
	if (p2l_order_uses_edges(o->order) &&
	    p2l_c3(t, size, o->edges, sorted, n,
		   o->order, P2L_PAGE)) {
		n = -1;
		goto out;
	}
	res->listed = n;
	for (i = 0; size && i < (size_t)n; i++) {	/* what fits the budget */
		uint32_t pl = sorted[i];
		uint64_t sz = size[pl];

		if (o->budget && res->bytes + sz > o->budget) {
			res->over = n - i;
			res->listed = i;
			break;
		}
		res->bytes += sz;
		res->covered += p2l_tab_score(t, pl);
	}
	if (o->objs) {
		placed = calloc(o->objs->nplaces + 1, 1);
		if (!placed)
			goto oom;
		out_defines(out, t, sorted, res->listed, o->objs, placed);
	}
	for (i = 0; i < res->listed; i++) {
		size_t len;
		const char *name;

		if (i + 32 < res->listed)
			p2l_tab_prefetch(t, sorted[i + 32], sorted[i + 16]);
		name = p2l_tab_name(t, sorted[i], &len);

		out_name(out, name, len);
		if (o->objs)
			out_text_objects(out, name, len, o->objs, placed);
	}
	out_flush(out);
	goto out;
oom:
	p2l_err("out of memory");
	n = -1;
out:
	free(placed);
	free(item);
	free(tmp);
	free(size);
	return n < 0 ? -1 : 0;
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
	double w = p2l_tab_weight(t);
	double cov = w > 0 ? 100 * r->covered / w : 0;

	fprintf(stderr, "profile2linkerlist: %u functions listed, covering %.2f%% of the samples of %u profile(s)\n",
		r->listed, cov, p2l_tab_profiles(t));
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
