// SPDX-License-Identifier: GPL-2.0
/*
 * perf text output, kernel symbols only:
 *
 * "perf report --sort symbol" (--stdio), with or without -n, --children:
 *	    12.34%          1234  [k] native_safe_halt
 *
 * "perf script", one line per sample or a header line followed by the
 * call chain, leaf first:
 *	swapper  0 [000] 1.234: 250000 cpu-clock: ffffffff8106f1a4 foo+0x4 ([kernel.kallsyms])
 *	swapper  0 [000] 1.234: 250000 cpu-clock:
 *		ffffffff8106f1a4 foo+0x4 ([kernel.kallsyms])
 *		ffffffff8106f2b0 bar+0x30 ([kernel.kallsyms])
 */
#include <string.h>

#include "p2l.h"

#define MAX_TOK	32

/* A call chain frame's or a sample's address. */
static int is_address(const struct p2l_field *t)
{
	return t->len >= 4 && p2l_field_is_hex(t);
}

static int is_number(const struct p2l_field *t)
{
	size_t i;

	for (i = 0; i < t->len; i++)
		if (t->s[i] < '0' || t->s[i] > '9')
			return 0;
	return 1;
}

/* "12.34%" or "12.34": return 1 and the value, or 0. */
static int parse_decimal(const char *p, const char *e, double *val)
{
	double v = 0, scale = 1;
	int digits = 0;

	while (p < e && *p >= '0' && *p <= '9') {
		v = v * 10 + (*p++ - '0');
		digits++;
	}
	if (p < e && *p == '.') {
		p++;
		while (p < e && *p >= '0' && *p <= '9') {
			scale /= 10;
			v += (*p++ - '0') * scale;
			digits++;
		}
	}
	if (!digits || p != e || v > 1e300)
		return 0;
	*val = v;
	return 1;
}

static int add(struct p2l_perf *pf, const char *name, size_t len,
	       double count, const struct p2l_src *src)
{
	const char *reason = p2l_name_check(name, len);

	if (reason) {
		p2l_skip(src, reason, name, len);
		p2l_tab_unknown(pf->tab, count);
		return 0;
	}
	if (count <= 0)
		return 0;
	name = p2l_strip_prefix(name, &len);
	return p2l_tab_add(pf->tab, name, len, p2l_hash(name, len), count, src);
}

/* perf report: "[pct%...] [samples] [dso] [k] symbol ..." */
static int report_line(struct p2l_perf *pf, struct p2l_field *tok, int n,
		       const struct p2l_src *src, const char *s, size_t len)
{
	double pct = -1, samples = -1, v;
	int i, kind = -1;

	for (i = 0; i < n - 1; i++) {
		const struct p2l_field *t = &tok[i];

		if (t->len == 3 && t->s[0] == '[' && t->s[2] == ']') {
			kind = i;
			break;
		}
		if (t->len > 1 && t->s[t->len - 1] == '%') {
			if (!parse_decimal(t->s, t->s + t->len - 1, &v))
				break;
			pct = v;	/* with --children, "Self" is last */
		} else if (parse_decimal(t->s, t->s + t->len, &v)) {
			samples = v;
		}
	}
	if (kind < 0 || (pct < 0 && samples < 0)) {
		p2l_skip(src, "unrecognised line", s, len);
		return 0;
	}
	if (samples < 0)
		samples = pct;
	if (tok[kind].s[1] != 'k') {
		p2l_skip(src, "not a kernel symbol", tok[kind + 1].s,
			 tok[kind + 1].len);
		return 0;
	}
	return add(pf, tok[kind + 1].s, tok[kind + 1].len, samples, src);
}

static int kernel_dso(const struct p2l_field *t)
{
	const char *s = t->s + 1;
	size_t len = t->len - 2;

	if (len >= 8 && !memcmp(s, "[kernel.", 8))
		return 1;
	if (len >= 7 && !memcmp(s + len - 7, "vmlinux", 7))
		return 1;
	return 0;
}

/* perf script frame: "address symbol+0xoff (dso)" */
static int frame(struct p2l_perf *pf, const struct p2l_field *t, int n,
		 const struct p2l_src *src, const char *s, size_t len)
{
	const struct p2l_field *sym = &t[1], *dso = &t[n - 1];
	size_t l = 0;

	if (dso->len < 3 || dso->s[0] != '(' || dso->s[dso->len - 1] != ')') {
		p2l_skip(src, "unrecognised line", s, len);
		return 0;
	}
	if (p2l_field_is(dso, "([unknown])")) {
		p2l_tab_unknown(pf->tab, 1);
		return 0;
	}
	if (!kernel_dso(dso)) {
		if (dso->s[1] == '[')	/* kernel module */
			p2l_tab_unknown(pf->tab, 1);
		return 0;
	}
	if (n != 3) {
		p2l_skip(src, "unrecognised line", s, len);
		return 0;
	}
	while (l < sym->len && sym->s[l] != '+')
		l++;
	if (p2l_field_is(sym, "[unknown]")) {
		p2l_tab_unknown(pf->tab, 1);
		return 0;
	}
	return add(pf, sym->s, l, 1, src);
}

int p2l_perf_line(void *ctx, const char *s, size_t len,
		  const struct p2l_src *src)
{
	struct p2l_perf *pf = ctx;
	struct p2l_field tok[MAX_TOK];
	int n = p2l_fields(s, len, tok, MAX_TOK);

	if (!n) {
		pf->in_sample = 0;
		return 0;
	}
	if (tok[0].s[0] == '#' || tok[0].s[0] == '|' || tok[0].s[0] == '-')
		return 0;
	if (tok[0].s[tok[0].len - 1] == '%')
		return report_line(pf, tok, n, src, s, len);
	if (is_address(&tok[0]) && n >= 3 && tok[n - 1].s[0] == '(' &&
	    !is_number(&tok[1])) {
		/* a call chain frame: only the leaf counts */
		if (!pf->in_sample)
			return 0;
		pf->in_sample = 0;
		return frame(pf, tok, n, src, s, len);
	}
	if (!memchr(s, ':', len)) {
		p2l_skip(src, "unrecognised line", s, len);
		return 0;
	}
	/* a sample header, maybe with the leaf frame at its end */
	pf->in_sample = 0;
	if (n >= 4 && is_address(&tok[n - 3]) && tok[n - 1].s[0] == '(' &&
	    tok[n - 1].s[tok[n - 1].len - 1] == ')')
		return frame(pf, &tok[n - 3], 3, src, s, len);
	if (s[len - 1] == ':' || tok[n - 1].s[tok[n - 1].len - 1] == ':') {
		pf->in_sample = 1;
		return 0;
	}
	p2l_skip(src, "unrecognised line", s, len);
	return 0;
}
