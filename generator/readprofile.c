// SPDX-License-Identifier: GPL-2.0
/*
 * readprofile(1) output, sorted or not:
 *
 *	ticks name ticks-per-byte
 *	address name ticks ticks-per-byte	(readprofile -v)
 *
 * plus the "*unknown*" and "total" lines.
 */
#include <string.h>

#include "p2l.h"

static inline int is_space(char c)
{
	return c == ' ' || c == '\t';
}

static const char *skip_space(const char *p, const char *end)
{
	while (p < end && is_space(*p))
		p++;
	return p;
}

static const char *token_end(const char *p, const char *end)
{
	while (p < end && !is_space(*p))
		p++;
	return p;
}

static int is_hex(const char *p, const char *e)
{
	if (p == e)
		return 0;
	for (; p < e; p++)
		if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f') ||
		      (*p >= 'A' && *p <= 'F')))
			return 0;
	return 1;
}

/* A "ticks per byte" field: digits with an optional fraction. */
static int is_decimal(const char *p, const char *e)
{
	int digits = 0;

	while (p < e && *p >= '0' && *p <= '9') {
		p++;
		digits++;
	}
	if (p < e && *p == '.') {
		p++;
		while (p < e && *p >= '0' && *p <= '9')
			p++;
	}
	return digits && p == e;
}

static inline const char *skip_pad(const char *p, const char *end)
{
	uint64_t w;

	while (end - p >= 8) {
		memcpy(&w, p, 8);
		w ^= 0x2020202020202020ULL;
		if (w)
			return p + (__builtin_ctzll(w) >> 3);
		p += 8;
	}
	while (p < end && *p == ' ')
		p++;
	return p;
}

/*
 * The common case, "ticks name ticks-per-byte" with a valid name, in one
 * pass.  Return 1 if the line was handled, 0 to take the slow path.
 */
static int fast_line(struct p2l_rp *rp, const char *s, size_t len,
		     const struct p2l_src *src)
{
	const char *p = s, *end = s + len, *name;
	uint64_t count = 0;
	size_t nlen;
	int digits = 0;
	unsigned char k;

	while (p < end && *p == ' ')
		p++;
	while (p < end && *p >= '0' && *p <= '9') {
		count = count * 10 + (*p++ - '0');
		digits++;
	}
	if (!digits || digits > 19 || p == end || *p != ' ')
		return 0;
	p = skip_pad(p, end);
	name = p;
	if (p == end || !(p2l_ident[(unsigned char)*p] & 1))
		return 0;
	for (p++; p < end; p++) {
		k = p2l_ident[(unsigned char)*p];
		if (!k)
			break;
		if ((k & 4) && (p[-1] == '.'))
			return 0;
	}
	nlen = p - name;
	if (p[-1] == '.' || nlen > P2L_NAME_MAX || (p < end && *p != ' '))
		return 0;
	if (nlen == 5 && !memcmp(name, "total", 5))
		return 0;
	p = skip_pad(p, end);
	if (p < end) {
		const char *t = p;

		while (p < end && *p >= '0' && *p <= '9')
			p++;
		if (p == t)
			return 0;
		if (p < end && *p == '.')
			for (p++; p < end && *p >= '0' && *p <= '9'; p++)
				;
		if (skip_pad(p, end) != end)
			return 0;
	}
	if (!count)
		return 1;
	name = p2l_strip_prefix(name, &nlen);
	if (p2l_tab_add(rp->tab, name, nlen, p2l_hash(name, nlen), count, src))
		return -1;
	return 1;
}

int p2l_rp_line(void *ctx, const char *s, size_t len,
		const struct p2l_src *src)
{
	struct p2l_rp *rp = ctx;
	const char *end = s + len;
	const char *t1, *e1, *name, *ename, *t3, *e3, *t4, *e4;
	const char *num, *nume, *reason;
	size_t nlen;
	uint64_t count;
	int r;

	r = fast_line(rp, s, len, src);
	if (r)
		return r > 0 ? 0 : -1;
	t1 = skip_space(s, end);
	if (t1 == end)
		return 0;
	e1 = token_end(t1, end);
	name = skip_space(e1, end);
	ename = token_end(name, end);
	t3 = skip_space(ename, end);
	e3 = token_end(t3, end);
	t4 = skip_space(e3, end);
	e4 = token_end(t4, end);
	if (skip_space(e4, end) != end) {
		p2l_skip(src, "unrecognised line", s, len);
		return 0;
	}
	if (name == end) {
		num = t1;
		r = p2l_parse_u64(&num, e1, &count);
		p2l_skip(src, r && num == e1 ? "truncated line" :
			 "unrecognised line", s, len);
		return 0;
	}
	if (t4 < e4) {
		/* readprofile -v: address name ticks ticks-per-byte */
		if (!is_hex(t1, e1) || !is_decimal(t4, e4)) {
			p2l_skip(src, "unrecognised line", s, len);
			return 0;
		}
		num = t3;
		nume = e3;
	} else {
		if (t3 < e3 && !is_decimal(t3, e3)) {
			p2l_skip(src, "unrecognised line", s, len);
			return 0;
		}
		num = t1;
		nume = e1;
	}
	r = p2l_parse_u64(&num, nume, &count);
	if (r == 0 || num != nume) {
		p2l_skip(src, "unrecognised line", s, len);
		return 0;
	}
	if (r < 0) {
		p2l_skip(src, "count out of range", s, len);
		return 0;
	}
	if (ename - name == 5 && !memcmp(name, "total", 5)) {
		rp->total_line += count;
		rp->have_total = 1;
		return 0;
	}
	if (ename - name == 9 && !memcmp(name, "*unknown*", 9)) {
		p2l_tab_unknown(rp->tab, count);
		return 0;
	}
	reason = p2l_name_check(name, ename - name);
	if (reason) {
		p2l_skip(src, reason, name, ename - name);
		p2l_tab_unknown(rp->tab, count);
		return 0;
	}
	if (!count)
		return 0;
	nlen = ename - name;
	name = p2l_strip_prefix(name, &nlen);
	return p2l_tab_add(rp->tab, name, nlen, p2l_hash(name, nlen), count, src);
}
