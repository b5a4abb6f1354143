// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests: names, parsers, merging, ordering, line reader.
 * KTAP through ktap_check.h, one result per check named by its place
 * and condition, the plan last; "# unit: N passed, N failed, N skipped"
 * and a non-zero exit on failure.  Not kselftest.h: the generator is
 * built and tested on its own, without a kernel tree beside it.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ktap_check.h"
#include "p2l.h"

static int memfd_with(const char *data, size_t len)
{
	int fd = memfd_create("unit", 0);

	if (fd < 0 || (len && write(fd, data, len) != (ssize_t)len) ||
	    lseek(fd, 0, SEEK_SET))
		abort();
	return fd;
}

static double score_of(struct p2l_tab *t, const char *name)
{
	long e = p2l_tab_find(t, name, strlen(name),
			      p2l_hash(name, strlen(name)));

	return e < 0 ? -1 : p2l_tab_score(t, e);
}

static unsigned long line_of(const struct p2l_tab *t, uint32_t i)
{
	unsigned long line;
	uint32_t file;

	p2l_tab_origin(t, i, &file, &line);
	return line;
}

/* ---- names ---- */

static void test_names(void)
{
	static const char * const good[] = {
		"foo", "_foo", "__x64_sys_read", "foo.isra.0", "foo.constprop.12",
		"foo.part.0", "foo.cold", "foo.part.0.cold", "foo.lto_priv.0",
		"F00_bar9", "_RNvNtCs1234_4core3fmt5write",
	};
	static const char * const bad[] = {
		"", "705", "0foo", ".foo", "foo.", "foo..bar", "foo)", "foo bar",
		"*(.text.x)", "foo;", "foo/*", "a$b", "foo\xff", "foo-bar",
		"*unknown*",
	};
	char longname[P2L_NAME_MAX + 2];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(good); i++)
		CHECK(!p2l_name_check(good[i], strlen(good[i])));
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		CHECK(p2l_name_check(bad[i], strlen(bad[i])));
	memset(longname, 'a', sizeof(longname));
	CHECK(!p2l_name_check(longname, P2L_NAME_MAX));
	CHECK(p2l_name_check(longname, P2L_NAME_MAX + 1));
	CHECK(!strcmp(p2l_name_check(longname, P2L_NAME_MAX + 1),
		      "symbol name too long"));
}

static void test_prefix(void)
{
	static const char * const io[][2] = {
		{ "__pfx_foo", "foo" },
		{ "__cfi_foo.isra.0", "foo.isra.0" },
		{ "__pfx___d_lookup", "__d_lookup" },
		{ "__pfx_", "__pfx_" },
		{ "__pfx_9", "__pfx_9" },
		{ "__pfxfoo", "__pfxfoo" },
		{ "foo", "foo" },
		{ "__x64_sys_read", "__x64_sys_read" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(io); i++) {
		size_t len = strlen(io[i][0]);
		const char *s = p2l_strip_prefix(io[i][0], &len);

		CHECK(len == strlen(io[i][1]) && !memcmp(s, io[i][1], len));
	}
}

static void test_format(void)
{
	static const char * const io[][2] = {
		{ "foo", "*(.text.foo)\n" },
		{ "foo.isra.0", "*(.text.foo.isra.0)\n" },
		{ "foo.constprop.0", "*(.text.foo.constprop.0)\n" },
		{ "foo.part.0", "*(.text.foo.part.0)\n" },
		{ "foo.cold", "*(.text.unlikely.foo)\n" },
		{ "foo.cold.3", "*(.text.unlikely.foo)\n" },
		{ "foo.part.0.cold", "*(.text.unlikely.foo.part.0)\n" },
		{ "foo_cold", "*(.text.foo_cold)\n" },
		{ "foo.colder", "*(.text.foo.colder)\n" },
		{ "x.cold", "*(.text.unlikely.x)\n" },
		{ "foo.7", "*(.text.foo.7)\n" },
	};
	char out[P2L_OUT_MAX];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(io); i++) {
		size_t n = p2l_format_line(out, io[i][0], strlen(io[i][0]));

		CHECK(n == strlen(io[i][1]) && !memcmp(out, io[i][1], n));
	}
}

static void test_numbers(void)
{
	const char *s = "18446744073709551615", *p = s;
	uint64_t v = 0;

	CHECK(p2l_parse_u64(&p, s + strlen(s), &v) == 1);
	CHECK(v == UINT64_MAX && p == s + strlen(s));
	s = "18446744073709551616";
	p = s;
	CHECK(p2l_parse_u64(&p, s + strlen(s), &v) == -1);
	s = "x1";
	p = s;
	CHECK(p2l_parse_u64(&p, s + 2, &v) == 0 && p == s);
	s = "12ab";
	p = s;
	CHECK(p2l_parse_u64(&p, s + 4, &v) == 1 && v == 12 && p == s + 2);
}

/* ---- fields ---- */

static void test_fields(void)
{
	static const char line[] = " \t12  foo.isra.0\tffff81 x ";
	struct p2l_field f[4];
	const struct p2l_field empty = { .s = line, .len = 0 };

	CHECK(p2l_fields(line, strlen(line), f, 4) == 4);
	CHECK(f[0].s == line + 2 && f[0].len == 2);
	CHECK(p2l_field_is(&f[1], "foo.isra.0") && !p2l_field_is(&f[1], "foo"));
	CHECK(p2l_field_is_hex(&f[2]) && !p2l_field_is_hex(&f[1]));
	CHECK(f[3].len == 1 && f[3].s[0] == 'x');
	/* at most @max: a fifth field would be the sign of more */
	CHECK(p2l_fields(line, strlen(line), f, 2) == 2 && f[1].len == 10);
	CHECK(p2l_fields(" \t ", 3, f, 4) == 0);
	CHECK(p2l_fields(line, 0, f, 4) == 0);
	CHECK(!p2l_field_is_hex(&empty));
}

/* ---- line reader ---- */

struct collect {
	char text[4096];
	size_t len;
	unsigned long lines[64];
	int n;
};

static int collect_cb(void *ctx, const char *s, size_t len,
		      const struct p2l_src *src)
{
	struct collect *c = ctx;

	if (c->len + len + 1 < sizeof(c->text)) {
		memcpy(c->text + c->len, s, len);
		c->len += len;
		c->text[c->len++] = '|';
	}
	if (c->n < 64)
		c->lines[c->n++] = src->line;
	return 0;
}

static void test_reader(void)
{
	struct collect c = { .len = 0 };
	const char *in = "a\r\nb\n\nlast";
	char *big;
	int fd;

	fd = memfd_with(in, strlen(in));
	CHECK(!p2l_read_lines(fd, "t", NULL, 0, collect_cb, &c));
	close(fd);
	CHECK(c.len == 10 && !memcmp(c.text, "a|b||last|", 10));
	CHECK(c.n == 4 && c.lines[0] == 1 && c.lines[3] == 4);

	/* the first bytes may come from a pre-read buffer */
	memset(&c, 0, sizeof(c));
	fd = memfd_with("ne\nxyz\n", 7);
	CHECK(!p2l_read_lines(fd, "t", (const unsigned char *)"li", 2,
			      collect_cb, &c));
	close(fd);
	CHECK(c.len == 9 && !memcmp(c.text, "line|xyz|", 9));

	/* an overlong line is skipped and reported, the next one kept */
	big = malloc(3 * P2L_LINE_MAX);
	memset(big, 'x', 3 * P2L_LINE_MAX);
	big[3 * P2L_LINE_MAX - 3] = '\n';
	big[3 * P2L_LINE_MAX - 2] = 'o';
	big[3 * P2L_LINE_MAX - 1] = 'k';
	memset(&c, 0, sizeof(c));
	fd = memfd_with(big, 3 * P2L_LINE_MAX);
	{
		unsigned long before = p2l_nskipped;

		CHECK(!p2l_read_lines(fd, "t", NULL, 0, collect_cb, &c));
		CHECK(p2l_nskipped == before + 1);
	}
	close(fd);
	CHECK(c.n == 1 && c.lines[0] == 2 && !memcmp(c.text, "ok|", 3));
	free(big);

	memset(&c, 0, sizeof(c));
	fd = memfd_with("", 0);
	CHECK(!p2l_read_lines(fd, "t", NULL, 0, collect_cb, &c));
	CHECK(c.n == 0);
	close(fd);
}

static void test_detect(void)
{
	static const unsigned char pp[] = { 4, 0, 0, 0, 1, 0, 0, 0 };
	const char *rp = "  123 foo 1.0\n";
	const char *pr = "# Overhead  Symbol\n    12.00%  [k] foo\n";
	const char *ps = "sh 1 [000] 1.0: 1 cycles: ffffffff81000000 foo+0x1 ([kernel.kallsyms])\n";
	const char *perfname = "  123 perf_event_open 1.0\n";

	CHECK(p2l_detect(pp, sizeof(pp)) == FMT_PROCPROFILE);
	CHECK(p2l_detect((const void *)rp, strlen(rp)) == FMT_READPROFILE);
	CHECK(p2l_detect((const void *)pr, strlen(pr)) == FMT_PERF);
	CHECK(p2l_detect((const void *)ps, strlen(ps)) == FMT_PERF);
	CHECK(p2l_detect((const void *)perfname, strlen(perfname)) ==
	      FMT_READPROFILE);
}

/* ---- readprofile ---- */

static unsigned long feed(p2l_line_fn fn, void *ctx, const char *text)
{
	unsigned long before = p2l_nskipped;
	int fd = memfd_with(text, strlen(text));

	CHECK(!p2l_read_lines(fd, "t", NULL, 0, fn, ctx));
	close(fd);
	return p2l_nskipped - before;
}

/*
 * Read @text as one profile into a new table (remembering where each
 * function was first seen if @track), with the line parser @fn and its
 * context @ctx, whose table pointer is *@tab.  Return the number of
 * lines skipped.
 */
static unsigned long read_profile(p2l_line_fn fn, void *ctx,
				  struct p2l_tab **tab, int track,
				  const char *text)
{
	unsigned long skipped;

	*tab = p2l_tab_new(track);
	if (!*tab)
		abort();
	CHECK(!p2l_tab_begin(*tab, 0));
	skipped = feed(fn, ctx, text);
	CHECK(!p2l_tab_end(*tab, 1));
	return skipped;
}

static void test_readprofile(void)
{
	struct p2l_tab *t;
	struct p2l_rp rp = { .tab = NULL };
	unsigned long skipped;

	skipped = read_profile(p2l_rp_line, &rp, &rp.tab, 1,
			       "   600 foo                                        1.5000\n"
			       "   200 bar.isra.0                                 0.2500\r\n"
			       "ffffffff81000000 baz                      100   0.1000\n"
			       "    50 *unknown*\n"
			       "    50 705                                      0.1\n"
			       "  1000 total                                      0.0100\n"
			       "   100 foo 1.0\n"
			       "    12\n"
			       "    12 trunc 1.0 extra\n"
			       "99999999999999999999999 huge 1.0\n"
			       "  garbage here\n"
			       "   0 never 0.0000\n"
			       "   5 bad)name 1.0\n"
			       "\x01\x02\xff\xfe\n"
			       "    7 last 0.5");
	CHECK(skipped == 7);
	CHECK(rp.have_total && rp.total_line == 1000);
	t = rp.tab;
	/* total: 600+200+100+50+50+100+5+7 = 1112 */
	CHECK(p2l_tab_count(t) == 4);
	CHECK(score_of(t, "foo") > 0.629 && score_of(t, "foo") < 0.630);
	CHECK(score_of(t, "bar.isra.0") > 0.179 &&
	      score_of(t, "bar.isra.0") < 0.180);
	CHECK(score_of(t, "baz") > 0.089 && score_of(t, "baz") < 0.090);
	CHECK(score_of(t, "last") > 0);
	CHECK(score_of(t, "bar") < 0);
	CHECK(score_of(t, "never") < 0);
	CHECK(score_of(t, "705") < 0);
	CHECK(line_of(t, 0) == 1 && line_of(t, 2) == 3);
	p2l_tab_free(t);
}

static void test_long_name(void)
{
	struct p2l_tab *t;
	struct p2l_rp rp = { .tab = NULL };
	size_t n = 5000;
	char *line = malloc(n + 32);

	memcpy(line, "  10 ", 5);
	memset(line + 5, 'a', n);
	strcpy(line + 5 + n, " 1.0\n  3 ok 1.0\n");
	CHECK(read_profile(p2l_rp_line, &rp, &rp.tab, 0, line) == 1);
	t = rp.tab;
	CHECK(p2l_tab_count(t) == 1 && score_of(t, "ok") > 0.23 && score_of(t, "ok") < 0.24);
	p2l_tab_free(t);
	free(line);
}

/* ---- perf ---- */

static void test_perf_report(void)
{
	struct p2l_tab *t;
	struct p2l_perf pf = { .tab = NULL };

	CHECK(read_profile(p2l_perf_line, &pf, &pf.tab, 0,
			   "# Samples: 1K of event 'cycles'\n"
			   "#\n"
			   "# Overhead  Samples  Symbol\n"
			   "# ........  .......  ......\n"
			   "#\n"
			   "    40.00%      400  [k] native_safe_halt\n"
			   "    30.00%      300  [.] main\n"
			   "    20.00%      200  [k] foo.constprop.0\n"
			   "            |\n"
			   "            ---foo\n"
			   "    10.00%      100  [k] 0xffffffff81000000\n"
			   "   nonsense line\n") == 3);
	t = pf.tab;
	CHECK(p2l_tab_count(t) == 2);
	CHECK(score_of(t, "native_safe_halt") > 0.57 &&
	      score_of(t, "native_safe_halt") < 0.58);
	CHECK(score_of(t, "main") < 0);
	p2l_tab_free(t);

	/* --children without -n: the last percentage (Self) counts */
	CHECK(read_profile(p2l_perf_line, &pf, &pf.tab, 0,
			   "    90.00%    30.00%  [k] a\n"
			   "    50.00%    10.00%  [k] b\n") == 0);
	t = pf.tab;
	CHECK(score_of(t, "a") > 0.74 && score_of(t, "a") < 0.76);
	p2l_tab_free(t);
}

static void test_perf_script(void)
{
	struct p2l_tab *t;
	struct p2l_perf pf = { .tab = NULL };

	CHECK(read_profile(p2l_perf_line, &pf, &pf.tab, 0,
			   "swapper 0 [000] 1.000001: 250000 cpu-clock: ffffffff81b5c1ee native_safe_halt+0xe ([kernel.kallsyms])\n"
			   "bash 12 [001] 1.000002: 250000 cpu-clock: 55d0c0de1234 main+0x4 (/usr/bin/bash)\n"
			   "bash 12 [001] 1.000003: 250000 cpu-clock:\n"
			   "\tffffffff81234567 copy_page+0x7 ([kernel.kallsyms])\n"
			   "\tffffffff81234999 do_fault+0x30 ([kernel.kallsyms])\n"
			   "\n"
			   "bash 12 [001] 1.000004: 250000 cpu-clock:\n"
			   "\tffffffffc0001234 ext4_foo+0x1 ([ext4])\n"
			   "\tffffffff81234999 do_fault+0x30 ([kernel.kallsyms])\n"
			   "\n"
			   "bash 12 [001] 1.000005: 1 cycles: ffffffff81000000 [unknown] ([kernel.kallsyms])\n"
			   "bash 12 [001] 1.000006: 1 cycles: ffffffff81000000 foo.part.0+0x1 (/lib/modules/6.1/build/vmlinux)\n"
			   "garbage without colon\n") == 1);
	t = pf.tab;
	/* kernel samples: halt, copy_page, ext4 (unknown), [unknown], foo.part.0 */
	CHECK(p2l_tab_count(t) == 3);
	CHECK(score_of(t, "native_safe_halt") > 0.19 &&
	      score_of(t, "native_safe_halt") < 0.21);
	CHECK(score_of(t, "copy_page") > 0);
	CHECK(score_of(t, "do_fault") < 0);
	CHECK(score_of(t, "main") < 0);
	CHECK(score_of(t, "foo.part.0") > 0);
	p2l_tab_free(t);
}

/* ---- System.map ---- */

static long map_find(struct p2l_map *m, const char *name)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		if (!strcmp(m->names + m->sym[i].name, name))
			return i;
	return -1;
}

static void test_sysmap(void)
{
	struct p2l_map m;
	long i;

	p2l_map_init(&m);
	CHECK(feed(p2l_map_line, &m,
		   "ffffffff81000000 T _stext\n"
		   "ffffffff81000000 T startup_64\n"
		   "ffffffff81000100 t foo.isra.0\n"
		   "ffffffff81000180 D data\n"
		   "ffffffff81000200 W weak\n"
		   "ffffffff81000300 T _etext\n"
		   "                 U undefined\n"
		   "ffffffff81000400 t modfn\t[ext4]\n"
		   "zzzz T badaddr\n"
		   "ffffffff81000400\n"
		   "ffffffff81000400 T a b c d\n") == 3);
	CHECK(!p2l_map_finish(&m));
	CHECK(m.n == 6 && m.have_stext && m.have_etext);
	CHECK(m.stext == 0xffffffff81000000ULL);
	i = map_find(&m, "foo.isra.0");
	CHECK(i >= 0 && m.sym[i].size == 0x80 && m.sym[i].type == 't');
	i = map_find(&m, "startup_64");
	CHECK(i >= 0 && m.sym[i].size == 0x100);
	i = p2l_map_lookup(&m, 0xffffffff81000010ULL);
	CHECK(i >= 0 && p2l_map_is_text(m.sym[i].type));
	i = p2l_map_lookup(&m, 0xffffffff81000150ULL);
	CHECK(i >= 0 && !strcmp(m.names + m.sym[i].name, "foo.isra.0"));
	CHECK(p2l_map_lookup(&m, 0x1000) == -1);
	p2l_map_free(&m);

	/* nm -S: sizes given, unsorted */
	p2l_map_init(&m);
	CHECK(feed(p2l_map_line, &m,
		   "ffffffff81000200 0000000000000010 T b\n"
		   "ffffffff81000100 0000000000000030 t a.cold\n"
		   "ffffffff81000300 T nosize\n"
		   "ffffffff81000400 0000000000000008 r rodata\n") == 0);
	CHECK(!p2l_map_finish(&m));
	i = map_find(&m, "a.cold");
	CHECK(i >= 0 && m.sym[i].size == 0x30);
	i = map_find(&m, "nosize");
	CHECK(i >= 0 && m.sym[i].size == 0x100);
	CHECK(m.sym[0].addr == 0xffffffff81000100ULL);
	p2l_map_free(&m);

	p2l_map_init(&m);
	CHECK(feed(p2l_map_line, &m, "garbage\n\n") == 1);
	CHECK(p2l_map_finish(&m) == -1);
	p2l_map_free(&m);
}

/* The sizes a map gives the functions of a profile. */
static void test_map_sizes(void)
{
	struct p2l_rp rp = { .tab = NULL };
	struct p2l_map m;
	uint32_t *size;

	read_profile(p2l_rp_line, &rp, &rp.tab, 0,
		     "10 twice 1\n10 data 1\n10 absent 1\n10 both 1\n");
	p2l_map_init(&m);
	CHECK(feed(p2l_map_line, &m,
		   "ffffffff81000000 0000000000000010 t twice\n"
		   "ffffffff81000100 0000000000000020 t twice\n"
		   "ffffffff81000200 0000000000000008 D data\n"
		   "ffffffff81000300 0000000000000004 d both\n"
		   "ffffffff81000400 0000000000000040 T both\n") == 0);
	CHECK(!p2l_map_finish(&m));
	size = p2l_map_sizes(&m, rp.tab);
	CHECK(size && p2l_tab_count(rp.tab) == 4);
	/* in first-seen order: twice, data, absent, both */
	CHECK(size[0] == 0x30);
	CHECK(size[1] == P2L_SIZE_NONTEXT);
	CHECK(size[2] == P2L_SIZE_ABSENT);
	CHECK(size[3] == 0x40);
	free(size);
	p2l_map_free(&m);
	p2l_tab_free(rp.tab);
}

/* ---- /proc/profile ---- */

static void put32(unsigned char *p, uint32_t v, int swap)
{
	if (swap)
		v = __builtin_bswap32(v);
	memcpy(p, &v, 4);
}

static void load_small_map(struct p2l_map *m)
{
	p2l_map_init(m);
	feed(p2l_map_line, m,
	     "ffffffff81000000 T _stext\n"
	     "ffffffff81000000 T startup_64\n"
	     "ffffffff81000010 t foo.isra.0\n"
	     "ffffffff81000020 D data_in_text\n"
	     "ffffffff81000028 T bar\n"
	     "ffffffff81000040 T _etext\n");
	CHECK(!p2l_map_finish(m));
}

static void test_procprofile(void)
{
	unsigned char buf[4 + 16 * 4];
	struct p2l_map m;
	struct p2l_tab *t;
	struct p2l_pp pp = { .tab = NULL, .map = &m, .file = "pp" };
	int swap, i;

	load_small_map(&m);
	for (swap = 0; swap < 2; swap++) {
		memset(buf, 0, sizeof(buf));
		put32(buf, 4, swap);		/* 16 buckets of 4 bytes */
		put32(buf + 4 + 0 * 4, 10, swap);	/* startup_64 */
		put32(buf + 4 + 5 * 4, 20, swap);	/* foo.isra.0 */
		put32(buf + 4 + 7 * 4, 30, swap);	/* foo.isra.0 */
		put32(buf + 4 + 8 * 4, 5, swap);	/* data_in_text */
		put32(buf + 4 + 10 * 4, 35, swap);	/* bar */
		CHECK((t = p2l_tab_new(1)));
		pp.tab = t;
		p2l_tab_begin(t, 0);
		CHECK(!p2l_pp_header(&pp, buf, sizeof(buf)));
		CHECK(pp.step == 4 && pp.swap == swap);
		/* two uneven chunks */
		CHECK(!p2l_pp_buckets(&pp, buf + 4, 24));
		CHECK(!p2l_pp_buckets(&pp, buf + 28, sizeof(buf) - 28));
		CHECK(!p2l_pp_finish(&pp, 1));
		p2l_tab_end(t, 1);
		CHECK(p2l_tab_count(t) == 3);
		CHECK(score_of(t, "foo.isra.0") == 0.5f);
		CHECK(score_of(t, "startup_64") == 0.1f);
		CHECK(score_of(t, "bar") == 0.35f);
		CHECK(score_of(t, "data_in_text") < 0);
		p2l_tab_free(t);
	}

	/* a profile of the wrong length: the map does not match */
	CHECK((t = p2l_tab_new(1)));
	pp.tab = t;
	p2l_tab_begin(t, 0);
	CHECK(!p2l_pp_header(&pp, buf, sizeof(buf)));
	CHECK(!p2l_pp_buckets(&pp, buf + 4, 12 * 4));
	CHECK(p2l_pp_finish(&pp, 1) == -1);
	p2l_tab_free(t);

	/* not a profile at all */
	put32(buf, 0x12345, 0);
	CHECK(p2l_pp_header(&pp, buf, sizeof(buf)) == -1);
	CHECK(p2l_pp_header(&pp, buf, 3) == -1);
	for (i = 0; i < 4; i++)
		buf[i] = 0;
	CHECK(p2l_pp_header(&pp, buf, sizeof(buf)) == -1);
	p2l_map_free(&m);
}

/* ---- merging, weights, ordering ---- */

static int add(struct p2l_tab *t, const char *name, double count)
{
	struct p2l_src src = { .file = "m", .line = 1 };

	return p2l_tab_add(t, name, strlen(name),
			   p2l_hash(name, strlen(name)), count, &src);
}

static void test_merge(void)
{
	struct p2l_tab *t;

	CHECK((t = p2l_tab_new(0)));
	/* a long run: 1M samples, mostly in "a" */
	CHECK(!p2l_tab_begin(t, 0));
	CHECK(!add(t, "a", 900000) && !add(t, "b", 100000));
	CHECK(!p2l_tab_end(t, 1));
	/* a short run: 100 samples, mostly in "c" */
	CHECK(!p2l_tab_begin(t, 1));
	CHECK(!add(t, "c", 80) && !add(t, "b", 20));
	CHECK(!p2l_tab_end(t, 1));
	p2l_tab_finish(t);
	/* each profile counts the same: a .9, b .1 + .2, c .8 */
	CHECK(p2l_tab_count(t) == 3);
	CHECK(p2l_tab_score(t, 0) > 0.899 && p2l_tab_score(t, 0) < 0.901);
	CHECK(p2l_tab_score(t, 1) > 0.299 && p2l_tab_score(t, 1) < 0.301);
	CHECK(p2l_tab_score(t, 2) > 0.799 && p2l_tab_score(t, 2) < 0.801);
	CHECK(p2l_tab_weight(t) == 2 && p2l_tab_profiles(t) == 2);
	p2l_tab_free(t);

	/* weights: the second profile counts three times */
	CHECK((t = p2l_tab_new(0)));
	p2l_tab_begin(t, 0);
	CHECK(!add(t, "a", 10));
	p2l_tab_end(t, 1);
	p2l_tab_begin(t, 1);
	CHECK(!add(t, "b", 10));
	p2l_tab_end(t, 3);
	p2l_tab_begin(t, 2);	/* an empty profile changes nothing */
	p2l_tab_end(t, 5);
	p2l_tab_finish(t);
	CHECK(p2l_tab_score(t, 0) == 1 && p2l_tab_score(t, 1) == 3);
	CHECK(p2l_tab_weight(t) == 4 && p2l_tab_profiles(t) == 2);
	p2l_tab_free(t);
}

static void test_many(void)
{
	struct p2l_tab *t;
	char name[32];
	int i, ok = 1;

	/* enough names to grow and rehash several times */
	CHECK((t = p2l_tab_new(1)));
	p2l_tab_begin(t, 0);
	for (i = 0; i < 200000; i++) {
		snprintf(name, sizeof(name), "fn_%d", i % 100000);
		if (add(t, name, 1 + i % 7))
			ok = 0;
	}
	CHECK(ok);
	p2l_tab_end(t, 1);
	CHECK(p2l_tab_count(t) == 100000);
	for (i = 0; i < 100000; i += 997) {
		snprintf(name, sizeof(name), "fn_%d", i);
		if (p2l_tab_find(t, name, strlen(name),
				 p2l_hash(name, strlen(name))) != i)
			ok = 0;
	}
	CHECK(ok);
	CHECK(line_of(t, 99999) == 1);
	p2l_tab_free(t);
}

static void test_sort(void)
{
	uint64_t a[1000], tmp[1000], *s;
	float v[1000];
	int i, ok = 1;

	CHECK(p2l_key(2.0f) < p2l_key(1.0f));
	CHECK(p2l_key(1e-30f) < p2l_key(0.0f));
	CHECK(p2l_key(-1.0f) == p2l_key(0.0f));
	srand(7);
	for (i = 0; i < 1000; i++) {
		v[i] = (rand() % 50) / 7.0f;
		a[i] = (uint64_t)p2l_key(v[i]) << 32 | i;
	}
	s = p2l_radix_sort(a, tmp, 1000);
	for (i = 1; i < 1000; i++) {
		uint32_t p = s[i - 1], q = s[i];

		if (v[p] < v[q] || (v[p] == v[q] && p > q))
			ok = 0;		/* descending, ties in input order */
	}
	CHECK(ok);
	/* all equal keys: left alone */
	for (i = 0; i < 10; i++)
		a[i] = (uint64_t)p2l_key(1.0f) << 32 | (9 - i);
	s = p2l_radix_sort(a, tmp, 10);
	CHECK((uint32_t)s[0] == 9 && (uint32_t)s[9] == 0);
	CHECK(p2l_radix_sort(a, tmp, 0) != NULL);
}

/* ---- C3 ---- */

static void test_c3(void)
{
	static const uint32_t size[3] = { 600, 100, 0 };
	struct p2l_edges e = { 0 };
	struct p2l_tab *t;
	uint64_t item[3], tmp[3], *s;
	uint32_t i;

	CHECK((t = p2l_tab_new(0)));
	p2l_tab_begin(t, 0);
	CHECK(!add(t, "a", 6) && !add(t, "b", 3) && !add(t, "c", 1));
	p2l_tab_end(t, 1);
	p2l_tab_finish(t);
	/* densities: a .001, b .003, c .1 (size 0 as 1) */
	for (i = 0; i < 3; i++)
		item[i] = (uint64_t)p2l_key(p2l_tab_score(t, i)) << 32 | i;
	s = p2l_radix_sort(item, tmp, 3);
	/* no edges (no qsort of a null array): clusters of one, densest first */
	CHECK(!p2l_c3(t, size, &e, s, 3, ORDER_C3, 0));
	CHECK((uint32_t)s[0] == 2 && (uint32_t)s[1] == 1 && (uint32_t)s[2] == 0);
	p2l_tab_free(t);
}

int main(void)
{
	p2l_quiet = !getenv("UNIT_VERBOSE");
	check_header();
	test_names();
	test_prefix();
	test_format();
	test_numbers();
	test_fields();
	test_reader();
	test_detect();
	test_readprofile();
	test_long_name();
	test_perf_report();
	test_perf_script();
	test_sysmap();
	test_map_sizes();
	test_procprofile();
	test_merge();
	test_many();
	test_sort();
	test_c3();
	return check_done("unit");
}
