// SPDX-License-Identifier: GPL-2.0
/*
 * profile2linkerlist - turn kernel profiles into a linker list
 *
 * Reads readprofile(1) output, raw /proc/profile dumps (with the
 * System.map of the profiled kernel) and perf report/script text,
 * merges them, each normalised to its own total, and prints one
 * "*(.text.NAME)" line per function, hottest first.  With the target
 * kernel's System.map (or "nm -S" output) it keeps only functions that
 * exist there and stops at a size budget.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "p2l.h"

#define VERSION		"1.0"
#define PRE_SIZE	(64 * 1024)

struct profile {
	const char *path;
	enum p2l_format fmt;
	double weight;
};

struct opts {
	struct profile *prof;
	int nprof;
	const char *map;
	const char *sections;
	const char *objects;
	struct profile *edges;	/* --edges files, with their weights */
	int nedges;
	int print_profile;
	const char *output;
	uint64_t budget;
	int budget_set;
	enum p2l_order order;
};

static void print_help(FILE *f)
{
	fputs("Usage: profile2linkerlist [OPTION]... [[-f FORMAT] [-w WEIGHT] PROFILE]...\n"
	      "\n"
	      "Turn kernel profiles into a linker list: one \"*(.text.NAME)\" line per\n"
	      "function, hottest first, for the kernel's functionlist.  Several profiles\n"
	      "are merged, each normalised to its own total.  Without PROFILE, or with\n"
	      "\"-\", the profile is read from standard input.\n"
	      "\n"
	      "Profiles (-f and -w apply to the PROFILEs that follow them):\n"
	      "  -f, --format=FORMAT    auto (default), readprofile, procprofile, perf\n"
	      "                         readprofile: output of readprofile(1), sorted or not\n"
	      "                         procprofile: raw /proc/profile (needs --system-map)\n"
	      "                         perf: perf report --sort symbol / perf script text\n"
	      "  -w, --weight=W         weight of the following profiles (default 1)\n"
	      "\n"
	      "Target kernel:\n"
	      "  -m, --system-map=FILE  System.map or \"nm -S\" output of the kernel: keep\n"
	      "                         only its text symbols, know their sizes, apply\n"
	      "                         the budget; also places /proc/profile buckets\n"
	      "  -b, --budget=SIZE      stop the list at SIZE bytes of text (suffix K, M,\n"
	      "                         G; default 2M; 0 = no limit); needs --system-map\n"
	      "      --order=ORDER      heat (default): samples, density: samples per\n"
	      "                         byte (needs --system-map), or c3: call-chain\n"
	      "                         clusters of callers and callees, densest first\n"
	      "                         (needs --system-map and --edges), or pages: the\n"
	      "                         4 KiB pages of density order, each in c3 order,\n"
	      "                         or packed: C3 merging only clusters within 2x\n"
	      "                         of each other's density, packed whole into\n"
	      "                         4 KiB pages, or split: density order for the\n"
	      "                         functions that hold half the samples, c3 for\n"
	      "                         the rest (these need --system-map and --edges)\n"
	      "      --edges=FILE       calls, \"COUNT CALLER CALLEE\" lines (the\n"
	      "                         kernel-fetch QEMU plugin's .edges); repeatable,\n"
	      "                         each normalised and weighted (-w) like a profile\n"
	      "      --sections=FILE    the .text.NAME sections of the kernel's vmlinux.o:\n"
	      "                         of several names at one address, buckets of a\n"
	      "                         /proc/profile go to one that has a section\n"
	      "\n"
	      "Output:\n"
	      "      --objects=FILE     place the objects of functions that cannot be\n"
	      "                         placed by name: FILE has NAME SECTION OBJECT\n"
	      "                         lines (.text: \"*OBJECT(.text)\" after the\n"
	      "                         function; .noinstr.text, .sched.text: the\n"
	      "                         FUNCTION_REORDER_NOINSTR/SCHED(X) #defines)\n"
	      "      --print-profile    instead of the list, write the one raw /proc/profile\n"
	      "                         given as readprofile(1) text (ticks per function,\n"
	      "                         address order, total last), which needs no\n"
	      "                         System.map to be read again\n"
	      "  -o, --output=FILE      write the list to FILE instead of standard output\n"
	      "  -q, --quiet            do not report each skipped input line\n"
	      "  -h, --help             show this help and exit\n"
	      "  -V, --version          show the version and exit\n"
	      "\n"
	      "Skipped input lines are reported on standard error as FILE:LINE with the\n"
	      "reason, followed by a summary: functions listed, bytes, and the share of\n"
	      "all samples the list covers.  Exit status: 0 on success, 1 on errors,\n"
	      "2 on usage errors.\n", f);
}

static int parse_size(const char *s, uint64_t *val)
{
	char *end;
	unsigned long long v;
	unsigned int shift = 0;

	errno = 0;
	if (*s < '0' || *s > '9')
		return -1;
	v = strtoull(s, &end, 10);
	if (errno)
		return -1;
	switch (*end) {
	case 'k': case 'K':
		shift = 10;
		break;
	case 'm': case 'M':
		shift = 20;
		break;
	case 'g': case 'G':
		shift = 30;
		break;
	case '\0':
		break;
	default:
		return -1;
	}
	if (shift) {
		end++;
		if (!strcmp(end, "iB") || !strcmp(end, "B"))
			end += strlen(end);
	}
	if (*end || (v << shift) >> shift != v)
		return -1;
	*val = v << shift;
	return 0;
}

static int parse_format(const char *s, enum p2l_format *f)
{
	static const char * const names[] = {
		[FMT_AUTO] = "auto",
		[FMT_READPROFILE] = "readprofile",
		[FMT_PROCPROFILE] = "procprofile",
		[FMT_PERF] = "perf",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++) {
		if (!strcmp(s, names[i])) {
			*f = i;
			return 0;
		}
	}
	return -1;
}

static const char * const order_names[] = {
	[ORDER_HEAT] = "heat",
	[ORDER_DENSITY] = "density",
	[ORDER_C3] = "c3",
	[ORDER_PAGES] = "pages",
	[ORDER_PACKED] = "packed",
	[ORDER_SPLIT] = "split",
};

static int parse_order(const char *s, enum p2l_order *o)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(order_names); i++) {
		if (!strcmp(s, order_names[i])) {
			*o = i;
			return 0;
		}
	}
	return -1;
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	static const struct option lopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "weight", required_argument, NULL, 'w' },
		{ "system-map", required_argument, NULL, 'm' },
		{ "budget", required_argument, NULL, 'b' },
		{ "order", required_argument, NULL, 'O' },
		{ "objects", required_argument, NULL, 'J' },
		{ "edges", required_argument, NULL, 'E' },
		{ "sections", required_argument, NULL, 'S' },
		{ "print-profile", no_argument, NULL, 'P' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	enum p2l_format fmt = FMT_AUTO;
	double weight = 1;
	char *end;
	int c;

	o->prof = calloc(argc + 1, sizeof(*o->prof));
	o->edges = calloc(argc + 1, sizeof(*o->edges));
	if (!o->prof || !o->edges)
		return -1;
	o->budget = 2 << 20;
	while ((c = getopt_long(argc, argv, "-f:w:m:b:o:qhV", lopts,
				NULL)) != -1) {
		switch (c) {
		case 1:
			o->prof[o->nprof].path = optarg;
			o->prof[o->nprof].fmt = fmt;
			o->prof[o->nprof].weight = weight;
			o->nprof++;
			break;
		case 'f':
			if (parse_format(optarg, &fmt)) {
				p2l_err("unknown format '%s'", optarg);
				return -1;
			}
			break;
		case 'w':
			errno = 0;
			weight = strtod(optarg, &end);
			if (errno || *end || end == optarg || !isfinite(weight) ||
			    weight <= 0 || weight > 1e9) {
				p2l_err("bad weight '%s'", optarg);
				return -1;
			}
			break;
		case 'm':
			o->map = optarg;
			break;
		case 'b':
			if (parse_size(optarg, &o->budget)) {
				p2l_err("bad budget '%s'", optarg);
				return -1;
			}
			o->budget_set = 1;
			break;
		case 'O':
			if (parse_order(optarg, &o->order)) {
				p2l_err("unknown order '%s'", optarg);
				return -1;
			}
			break;
		case 'J':
			o->objects = optarg;
			break;
		case 'E':
			o->edges[o->nedges].path = optarg;
			o->edges[o->nedges].weight = weight;
			o->nedges++;
			break;
		case 'S':
			o->sections = optarg;
			break;
		case 'P':
			o->print_profile = 1;
			break;
		case 'o':
			o->output = optarg;
			break;
		case 'q':
			p2l_quiet = 1;
			break;
		case 'h':
			print_help(stdout);
			exit(0);
		case 'V':
			puts("profile2linkerlist " VERSION);
			exit(0);
		default:
			return -1;
		}
	}
	for (; optind < argc; optind++) {	/* after "--" */
		o->prof[o->nprof].path = argv[optind];
		o->prof[o->nprof].fmt = fmt;
		o->prof[o->nprof].weight = weight;
		o->nprof++;
	}
	if (!o->nprof) {
		o->prof[0].path = "-";
		o->prof[0].fmt = fmt;
		o->prof[0].weight = weight;
		o->nprof = 1;
	}
	if (!o->map && o->budget_set && o->budget) {
		p2l_err("--budget needs --system-map to know function sizes");
		return -1;
	}
	if (!o->map && o->sections) {
		p2l_err("--sections needs --system-map: it chooses among its names");
		return -1;
	}
	if (o->print_profile && (!o->map || o->nprof != 1 || o->objects)) {
		p2l_err("--print-profile converts one raw /proc/profile with --system-map");
		return -1;
	}
	if (!o->map && o->order == ORDER_DENSITY) {
		p2l_err("--order=density needs --system-map to know function sizes");
		return -1;
	}
	if (p2l_order_uses_edges(o->order) && (!o->map || !o->nedges)) {
		p2l_err("--order=%s needs --system-map (sizes) and --edges (calls)",
			order_names[o->order]);
		return -1;
	}
	if (o->nedges && !p2l_order_uses_edges(o->order)) {
		p2l_err("--edges is read only for --order=c3, pages, packed and split");
		return -1;
	}
	return 0;
}

static int read_procprofile(int fd, struct p2l_pp *pp, unsigned char *pre,
			    size_t n)
{
	unsigned char *buf;
	size_t have;
	ssize_t r;

	if (p2l_pp_header(pp, pre, n))
		return -1;
	buf = malloc(PRE_SIZE + 4);
	if (!buf) {
		p2l_err("out of memory");
		return -1;
	}
	have = n - 4;
	memcpy(buf, pre + 4, have);
	for (;;) {
		size_t whole = have & ~(size_t)3;

		if (p2l_pp_buckets(pp, buf, whole)) {
			free(buf);
			return -1;
		}
		memmove(buf, buf + whole, have - whole);
		have -= whole;
		r = p2l_read_full(fd, buf + have, PRE_SIZE);
		if (r < 0) {
			p2l_err("%s: read error: %s", pp->file, strerror(errno));
			free(buf);
			return -1;
		}
		if (!r)
			break;
		have += r;
	}
	free(buf);
	if (have)
		p2l_warn("%s: %zu trailing bytes ignored (truncated dump?)",
			 pp->file, have);
	return p2l_pp_finish(pp, 1);
}

static int read_profile(struct p2l_tab *t, const struct p2l_map *map,
			const struct profile *p, uint32_t idx)
{
	const char *name = p2l_display(p->path);
	unsigned char *pre;
	enum p2l_format fmt;
	ssize_t n;
	int fd, r = -1;

	fd = p2l_open(p->path);
	if (fd < 0) {
		p2l_err("cannot open %s: %s", p->path, strerror(errno));
		return -1;
	}
	pre = malloc(PRE_SIZE);
	if (!pre)
		goto out;
	n = p2l_read_full(fd, pre, PRE_SIZE);
	if (n < 0) {
		p2l_err("%s: read error: %s", name, strerror(errno));
		goto out;
	}
	if (!n) {
		p2l_warn("%s: empty profile", name);
		r = 0;
		goto out;
	}
	fmt = p->fmt == FMT_AUTO ? p2l_detect(pre, n) : p->fmt;
	if (p2l_tab_begin(t, idx))
		goto out;
	if (fmt == FMT_READPROFILE) {
		struct p2l_rp rp = { .tab = t };
		struct stat st;

		/* one function per line: size the table once */
		if (!fstat(fd, &st) && S_ISREG(st.st_mode))
			p2l_tab_reserve(t, st.st_size / 56);

		r = p2l_read_lines(fd, name, pre, n, p2l_rp_line, &rp);
		if (!r && rp.have_total &&
		    rp.total_line != p2l_tab_profile_total(t))
			p2l_warn("%s: the total line says %.0f samples, the lines add up to %.0f",
				 name, rp.total_line, p2l_tab_profile_total(t));
	} else if (fmt == FMT_PERF) {
		struct p2l_perf pf = { .tab = t };

		r = p2l_read_lines(fd, name, pre, n, p2l_perf_line, &pf);
	} else {
		struct p2l_pp pp = { .tab = t, .map = map, .file = name };

		if (!map) {
			p2l_err("%s: a raw /proc/profile needs --system-map", name);
			goto out;
		}
		r = read_procprofile(fd, &pp, pre, n);
	}
	if (r)
		goto out;
	if (p2l_tab_profile_total(t) <= 0)
		p2l_warn("%s: no samples", name);
	r = p2l_tab_end(t, p->weight);
out:
	free(pre);
	if (fd)
		close(fd);
	return r;
}

/*
 * --print-profile: the one raw /proc/profile as readprofile(1) text.
 * The output file is created only once the profile has been read.
 */
static int print_raw(const struct opts *o, const struct p2l_map *map)
{
	const struct profile *p = &o->prof[0];
	const char *name = p2l_display(p->path);
	struct p2l_pp pp = { .map = map, .file = name };
	unsigned char *pre = malloc(PRE_SIZE);
	FILE *f = stdout;
	ssize_t n;
	int fd, r = -1;

	pp.counts = calloc(map->n, sizeof(*pp.counts));
	fd = p2l_open(p->path);
	if (fd < 0) {
		p2l_err("cannot open %s: %s", p->path, strerror(errno));
		goto out_free;
	}
	if (!pre || !pp.counts) {
		p2l_err("out of memory");
		goto out;
	}
	n = p2l_read_full(fd, pre, PRE_SIZE);
	if (n < 0) {
		p2l_err("%s: read error: %s", name, strerror(errno));
		goto out;
	}
	if ((p->fmt == FMT_AUTO ? p2l_detect(pre, n) : p->fmt) != FMT_PROCPROFILE) {
		p2l_err("%s: --print-profile reads a raw /proc/profile, and this is none",
			name);
		goto out;
	}
	if (read_procprofile(fd, &pp, pre, n))
		goto out;
	if (o->output) {
		f = fopen(o->output, "w");
		if (!f) {
			p2l_err("cannot write %s: %s", o->output, strerror(errno));
			goto out;
		}
	}
	r = p2l_pp_print(f, map, pp.counts);
	if ((f != stdout && fclose(f)) || (f == stdout && fflush(f)) || r) {
		p2l_err("write error on %s", o->output ? o->output : "output");
		r = -1;
	}
out:
	if (fd)
		close(fd);
out_free:
	free(pp.counts);
	free(pre);
	return r;
}

int main(int argc, char **argv)
{
	struct opts o = { 0 };
	struct p2l_map map;
	struct p2l_tab *tab = NULL;
	struct p2l_list lo;
	struct p2l_result res;
	struct p2l_objs objs = { 0 };
	struct p2l_edges edges = { 0 };
	const char **files = NULL;
	long folded = 0;
	int i, ret = 1;

	p2l_map_init(&map);
	if (parse_args(argc, argv, &o)) {
		fputs("Try 'profile2linkerlist --help' for more information.\n",
		      stderr);
		free(o.prof);
		free(o.edges);
		return 2;
	}
	tab = p2l_tab_new(!!o.map);
	if (!tab)
		goto oom;
	files = calloc(o.nprof, sizeof(*files));
	if (!files)
		goto oom;
	if (o.map && p2l_map_load(&map, o.map))
		goto out;
	if (o.sections && p2l_map_prefer_sections(&map, o.sections))
		goto out;
	if (o.print_profile) {
		ret = print_raw(&o, &map) ? 1 : 0;
		goto out;
	}
	if (o.objects && p2l_objs_load(&objs, o.objects))
		goto out;
	for (i = 0; i < o.nprof; i++) {
		files[i] = p2l_display(o.prof[i].path);
		if (read_profile(tab, o.map ? &map : NULL, &o.prof[i], i))
			goto out;
	}
	if (!(p2l_tab_weight(tab) > 0)) {
		p2l_err("no samples in the profile(s)");
		goto out;
	}
	if (o.map) {
		folded = p2l_map_fold_inner(&map, tab);
		if (folded < 0)
			goto out;
	}
	for (i = 0; i < o.nedges; i++)
		if (p2l_edges_load(&edges, tab, o.edges[i].path,
				   o.edges[i].weight))
			goto out;
	if (o.nedges && !edges.n) {
		p2l_err("no calls between profiled functions in the --edges file(s)");
		goto out;
	}
	lo.map_path = o.map;
	lo.output = o.output;
	lo.budget = o.budget;
	lo.order = o.order;
	lo.files = files;
	lo.objs = o.objects ? &objs : NULL;
	lo.edges = &edges;
	if (p2l_emit(tab, o.map ? &map : NULL, &lo, &res))
		goto out;
	p2l_summary(&lo, tab, &res);
	if (folded)
		fprintf(stderr, "profile2linkerlist: %ld inner entry points counted with the functions that hold them\n",
			folded);
	if (o.nedges)
		fprintf(stderr, "profile2linkerlist: C3 order from %zu call edges of %u file(s); %.2f%% of the calls had an unprofiled or recursive end\n",
			edges.n, edges.files,
			edges.total_weight > 0 ? 100 * edges.unplaced_share / edges.total_weight : 0.0);
	ret = 0;
	goto out;
oom:
	p2l_err("out of memory");
out:
	p2l_tab_free(tab);
	p2l_map_free(&map);
	p2l_objs_free(&objs);
	p2l_edges_free(&edges);
	free(files);
	free(o.prof);
	free(o.edges);
	return ret;
}
