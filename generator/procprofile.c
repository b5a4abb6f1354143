// SPDX-License-Identifier: GPL-2.0
/*
 * Raw /proc/profile: the first 32-bit word is the sampling step in bytes
 * (1 << prof_shift), then one 32-bit counter per step-sized bucket of
 * kernel text, starting at _stext.  The matching System.map turns the
 * buckets into functions, as readprofile(1) does.
 */
#include <string.h>

#include "p2l.h"

static uint32_t get32(const unsigned char *p, int swap)
{
	uint32_t v;

	memcpy(&v, p, 4);
	if (swap)
		v = __builtin_bswap32(v);
	return v;
}

static int pow2(uint32_t v)
{
	return v && !(v & (v - 1));
}

/* Check the step word.  Return 0, or -1 if this is no profile. */
int p2l_pp_header(struct p2l_pp *pp, const unsigned char *buf, size_t len)
{
	uint32_t step;

	if (len < 4) {
		p2l_err("%s: too short for a /proc/profile dump", pp->file);
		return -1;
	}
	step = get32(buf, 0);
	pp->swap = 0;
	if (!pow2(step) || step > (1U << 24)) {
		step = __builtin_bswap32(step);
		pp->swap = 1;
	}
	if (!pow2(step) || step > (1U << 24)) {
		p2l_err("%s: not a /proc/profile dump (step word 0x%08x)",
			pp->file, get32(buf, 0));
		return -1;
	}
	if (!pp->map->have_stext) {
		p2l_err("%s: System.map has no _stext, cannot place buckets",
			pp->file);
		return -1;
	}
	pp->step = step;
	pp->nbuckets = 0;
	pp->cursym = -1;
	pp->outside = 0;
	pp->nontext = 0;
	return 0;
}

static int flush(struct p2l_pp *pp, long sym, double count)
{
	const struct p2l_map *m = pp->map;
	const struct p2l_sym *s;
	const char *name;
	size_t len;
	struct p2l_src src = { .file = pp->file, .line = 0 };

	if (!count)
		return 0;
	if (pp->counts) {
		/* as readprofile: the text symbol at or below the bucket */
		while (sym >= 0 && !p2l_map_is_text(m->sym[sym].type))
			sym--;
		if (sym < 0)
			pp->outside += count;
		else
			pp->counts[sym] += count;
		return 0;
	}
	if (sym < 0) {
		pp->outside += count;
		p2l_tab_unknown(pp->tab, count);
		return 0;
	}
	s = &m->sym[sym];
	name = m->names + s->name;
	if (!p2l_map_is_text(s->type) || p2l_name_check(name, s->len)) {
		pp->nontext += count;
		p2l_tab_unknown(pp->tab, count);
		return 0;
	}
	len = s->len;
	name = p2l_strip_prefix(name, &len);
	return p2l_tab_add(pp->tab, name, len, p2l_hash(name, len), count, &src);
}

/* Feed @len bytes of counters (after the step word), a multiple of 4. */
int p2l_pp_buckets(struct p2l_pp *pp, const unsigned char *buf, size_t len)
{
	const struct p2l_map *m = pp->map;
	double acc = 0;
	long cur = pp->cursym;
	size_t i;

	for (i = 0; i + 4 <= len; i += 4, pp->nbuckets++) {
		uint32_t c = get32(buf + i, pp->swap);
		uint64_t addr;
		long s;

		if (!c)
			continue;
		addr = m->stext + pp->nbuckets * pp->step;
		if (addr < m->stext || (m->have_etext && addr >= m->etext)) {
			s = -1;
		} else if (cur >= 0 && m->sym[cur].addr <= addr &&
			   ((size_t)cur + 1 == m->n ||
			    m->sym[cur + 1].addr > addr)) {
			s = cur;
		} else {
			s = p2l_map_lookup(m, addr);
		}
		if (s != cur) {
			if (flush(pp, cur, acc))
				return -1;
			acc = 0;
			cur = s;
		}
		acc += c;
	}
	pp->cursym = cur;
	return flush(pp, cur, acc);
}

/* After the last bucket: check that the map matches the profile. */
int p2l_pp_finish(struct p2l_pp *pp, int check)
{
	const struct p2l_map *m = pp->map;
	uint64_t want;

	if (!m->have_etext) {
		p2l_warn("%s: System.map has no _etext, cannot check that it matches the profile",
			 pp->file);
	} else if (check) {
		want = m->etext > m->stext ? (m->etext - m->stext) / pp->step : 0;
		if (want != pp->nbuckets) {
			p2l_err("%s: System.map does not match this profile: _stext.._etext is %llu buckets of %u bytes, the profile has %llu",
				pp->file, (unsigned long long)want, pp->step,
				(unsigned long long)pp->nbuckets);
			return -1;
		}
	}
	if (pp->outside)
		p2l_warn("%s: %.0f samples outside _stext.._etext", pp->file,
			 pp->outside);
	if (pp->nontext)
		p2l_warn("%s: %.0f samples in non-text or unusable symbols",
			 pp->file, pp->nontext);
	return 0;
}

/*
 * The ticks of a raw profile as readprofile(1) text, which needs no
 * System.map to be read again: "ticks name ticks-per-byte" for every
 * text symbol with ticks, in address order, then the total.  A symbol
 * spans up to the next text symbol at a higher address (or _etext).
 */
int p2l_pp_print(FILE *f, const struct p2l_map *m, const uint64_t *counts)
{
	uint64_t total = 0;
	size_t i, next = 0;

	for (i = 0; i < m->n; i++) {
		const struct p2l_sym *s = &m->sym[i];
		uint64_t end = m->etext;

		if (!counts[i])
			continue;
		if (next <= i)
			next = i + 1;
		while (next < m->n && (m->sym[next].addr <= s->addr ||
				       !p2l_map_is_text(m->sym[next].type)))
			next++;
		if (next < m->n)
			end = m->sym[next].addr;
		fprintf(f, "%6llu %-40s %8.4f\n", (unsigned long long)counts[i],
			m->names + s->name, (double)counts[i] /
			(end > s->addr ? end - s->addr : 1));
		total += counts[i];
	}
	fprintf(f, "%6llu %-40s %8.4f\n", (unsigned long long)total, "total",
		(double)total / (m->etext > m->stext ? m->etext - m->stext : 1));
	return ferror(f) ? -1 : 0;
}
