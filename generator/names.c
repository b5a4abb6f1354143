// SPDX-License-Identifier: GPL-2.0
/*
 * Symbol names: validation, hashing, number parsing.
 *
 * Only names that are plain C identifiers, optionally followed by GCC
 * clone suffixes (".isra.0", ".constprop.1", ".part.0", ".cold", ...),
 * are accepted, so that nothing can inject linker-script syntax.
 */
#include <string.h>

#include "p2l.h"

/* 1: may start a name, 2: may continue a name, 4: dot */
#define S	3
#define C	2
#define D	4
const unsigned char p2l_ident[256] = {
	['0' ... '9'] = C,
	['A' ... 'Z'] = S,
	['a' ... 'z'] = S,
	['_'] = S,
	['.'] = D,
};

#undef S
#undef C
#undef D

/* Return NULL if @s is an acceptable function name, else the reason. */
const char *p2l_name_check(const char *s, size_t len)
{
	size_t i;

	if (!len)
		return "missing symbol name";
	if (len > P2L_NAME_MAX)
		return "symbol name too long";
	if (!(p2l_ident[(unsigned char)s[0]] & 1))
		return "invalid symbol name";
	for (i = 1; i < len; i++) {
		unsigned char k = p2l_ident[(unsigned char)s[i]];

		if (!k)
			return "invalid symbol name";
		if ((k & 4) && (i + 1 == len || s[i + 1] == '.'))
			return "invalid symbol name";
	}
	return NULL;
}

/*
 * Since Linux 6.2, x86 puts padding before functions and names it
 * __pfx_foo (__cfi_foo with kCFI); it lives in foo's section, so samples
 * there count for foo.  @s must be a valid name.
 */
const char *p2l_strip_prefix(const char *s, size_t *len)
{
	size_t n = 0;

	if (*len > 6 && s[0] == '_' && s[1] == '_') {
		if (!memcmp(s + 2, "pfx_", 4))
			n = 6;
		else if (!memcmp(s + 2, "cfi_", 4))
			n = 6;
	}
	if (!n || !(p2l_ident[(unsigned char)s[n]] & 1))
		return s;
	*len -= n;
	return s + n;
}

static inline uint64_t rd64(const char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static inline uint64_t mix(uint64_t h)
{
	h ^= h >> 32;
	h *= 0xd6e8feb86659fd93ULL;
	h ^= h >> 32;
	return h;
}

uint64_t p2l_hash(const char *s, size_t len)
{
	uint64_t h = 0x9e3779b97f4a7c15ULL ^ len;
	uint64_t v;

	while (len >= 8) {
		h = (h ^ rd64(s)) * 0xff51afd7ed558ccdULL;
		h ^= h >> 29;
		s += 8;
		len -= 8;
	}
	if (len) {
		v = 0;
		while (len--)
			v = v << 8 | (unsigned char)s[len];
		h = (h ^ v) * 0xff51afd7ed558ccdULL;
	}
	return mix(h);
}

/*
 * Parse a decimal unsigned number at *pp.
 * Return 1 on success, 0 if there is no digit, -1 on overflow.
 */
int p2l_parse_u64(const char **pp, const char *end, uint64_t *val)
{
	const char *p = *pp;
	uint64_t v = 0;
	int ovf = 0;

	if (p >= end || *p < '0' || *p > '9')
		return 0;
	while (p < end && *p >= '0' && *p <= '9') {
		unsigned int d = *p++ - '0';

		if (v > (UINT64_MAX - d) / 10)
			ovf = 1;
		v = v * 10 + d;
	}
	*pp = p;
	*val = v;
	return ovf ? -1 : 1;
}
