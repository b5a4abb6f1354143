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

/* The four fields of "readprofile -v", and one to see that there are more. */
#define RP_FIELDS	5

/* A "ticks per byte" field: digits with an optional fraction. */
static int is_decimal(const struct p2l_field *f)
{
	const char *p = f->s, *e = f->s + f->len;
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
	struct p2l_field f[RP_FIELDS];
	const struct p2l_field *name, *num;
	const char *p, *reason;
	size_t nlen;
	uint64_t count;
	int n, r;

	r = fast_line(rp, s, len, src);
	if (r)
		return r > 0 ? 0 : -1;
	n = p2l_fields(s, len, f, RP_FIELDS);
	if (!n)
		return 0;
	if (n == RP_FIELDS) {
		p2l_skip(src, "unrecognised line", s, len);
		return 0;
	}
	if (n == 1) {
		p = f[0].s;
		r = p2l_parse_u64(&p, f[0].s + f[0].len, &count);
		p2l_skip(src, r && p == f[0].s + f[0].len ? "truncated line" :
			 "unrecognised line", s, len);
		return 0;
	}
	name = &f[1];
	if (n == 4) {
		/* readprofile -v: address name ticks ticks-per-byte */
		if (!p2l_field_is_hex(&f[0]) || !is_decimal(&f[3])) {
			p2l_skip(src, "unrecognised line", s, len);
			return 0;
		}
		num = &f[2];
	} else {
		if (n == 3 && !is_decimal(&f[2])) {
			p2l_skip(src, "unrecognised line", s, len);
			return 0;
		}
		num = &f[0];
	}
	p = num->s;
	r = p2l_parse_u64(&p, num->s + num->len, &count);
	if (r == 0 || p != num->s + num->len) {
		p2l_skip(src, "unrecognised line", s, len);
		return 0;
	}
	if (r < 0) {
		p2l_skip(src, "count out of range", s, len);
		return 0;
	}
	if (p2l_field_is(name, "total")) {
		rp->total_line += count;
		rp->have_total = 1;
		return 0;
	}
	if (p2l_field_is(name, "*unknown*")) {
		p2l_tab_unknown(rp->tab, count);
		return 0;
	}
	reason = p2l_name_check(name->s, name->len);
	if (reason) {
		p2l_skip(src, reason, name->s, name->len);
		p2l_tab_unknown(rp->tab, count);
		return 0;
	}
	if (!count)
		return 0;
	nlen = name->len;
	p = p2l_strip_prefix(name->s, &nlen);
	return p2l_tab_add(rp->tab, p, nlen, p2l_hash(p, nlen), count, src);
}
