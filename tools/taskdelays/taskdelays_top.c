// SPDX-License-Identifier: GPL-2.0
/*
 * top-like view: which processes waited the most during the last interval.
 * Totals are cumulative, so each round diffs against the previous sample
 * of the same tgid; a process seen for the first time has no growth yet.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "taskdelays_print.h"
#include "taskdelays_top.h"

struct td_sample {
	uint32_t tgid;
	char comm[33];
	uint64_t total[TD_NR_DELAYS];
	uint64_t growth[TD_NR_DELAYS];
	uint64_t growth_sum;
};

struct td_set {
	struct td_sample *s;
	size_t nr, cap;
};

static int td_cmp_tgid(const void *a, const void *b)
{
	const struct td_sample *x = a, *y = b;

	return (x->tgid > y->tgid) - (x->tgid < y->tgid);
}

static int td_cmp_growth(const void *a, const void *b)
{
	const struct td_sample *x = a, *y = b;

	if (x->growth_sum != y->growth_sum)
		return x->growth_sum < y->growth_sum ? 1 : -1;
	return td_cmp_tgid(a, b);
}

static int td_set_add(struct td_set *set, struct td_stats *st)
{
	struct td_sample *s;
	int i;

	if (set->nr == set->cap) {
		size_t cap = set->cap ? set->cap * 2 : 256;
		struct td_sample *n = realloc(set->s, cap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		set->s = n;
		set->cap = cap;
	}
	s = &set->s[set->nr++];
	memset(s, 0, sizeof(*s));
	s->tgid = st->id;
	td_comm_from_proc(st);
	snprintf(s->comm, sizeof(s->comm), "%s", st->have_comm ? st->comm : "?");
	for (i = 0; i < TD_NR_DELAYS; i++)
		s->total[i] = st->delay[i].total_ns;
	return 0;
}

/* One sample of every process in /proc; sorted by tgid. */
static int td_sample_all(struct td_nl *nl, struct td_set *set)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	int err = 0;

	if (!d) {
		fprintf(stderr, "taskdelays: /proc: %s\n", strerror(errno));
		return -errno;
	}
	set->nr = 0;
	while ((de = readdir(d))) {
		struct td_stats st;
		char *end;
		unsigned long tgid;

		if (!isdigit((unsigned char)de->d_name[0]))
			continue;
		tgid = strtoul(de->d_name, &end, 10);
		if (*end || tgid > UINT32_MAX)
			continue;
		err = td_nl_query(nl, true, tgid, &st);
		if (err == -ESRCH) {	/* exited since readdir */
			err = 0;
			continue;
		}
		if (err) {
			td_nl_explain(err, "top");
			break;
		}
		err = td_set_add(set, &st);
		if (err)
			break;
	}
	closedir(d);
	qsort(set->s, set->nr, sizeof(*set->s), td_cmp_tgid);
	return err;
}

static void td_diff(struct td_set *cur, const struct td_set *prev)
{
	size_t i;
	int j;

	for (i = 0; i < cur->nr; i++) {
		struct td_sample *c = &cur->s[i];
		const struct td_sample *p;

		p = bsearch(c, prev->s, prev->nr, sizeof(*c), td_cmp_tgid);
		c->growth_sum = 0;
		for (j = 0; j < TD_NR_DELAYS; j++) {
			/* a reused tgid or a wrapped total restarts from 0 */
			c->growth[j] = p && c->total[j] >= p->total[j] ?
				       c->total[j] - p->total[j] : 0;
			c->growth_sum += c->growth[j];
		}
	}
}

static void td_print_top(struct td_set *cur, unsigned int lines,
			 double interval_ms)
{
	size_t i;
	int j;

	qsort(cur->s, cur->nr, sizeof(*cur->s), td_cmp_growth);
	printf("\n%zu processes, delay growth in ms over %.0f ms:\n", cur->nr,
	       interval_ms);
	printf("%7s %-16s %9s", "TGID", "COMM", "TOTAL");
	for (j = 0; j < TD_NR_DELAYS; j++)
		printf(" %9s", td_delays[j].name);
	printf("\n");
	for (i = 0; i < cur->nr && i < lines; i++) {
		const struct td_sample *s = &cur->s[i];

		printf("%7" PRIu32 " %-16s %9.3f", s->tgid, s->comm,
		       s->growth_sum / 1e6);
		for (j = 0; j < TD_NR_DELAYS; j++)
			printf(" %9.3f", s->growth[j] / 1e6);
		printf("\n");
	}
	fflush(stdout);
	qsort(cur->s, cur->nr, sizeof(*cur->s), td_cmp_tgid);
}

static double td_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int td_top(struct td_nl *nl, unsigned int interval_ms, unsigned int iterations,
	   unsigned int lines, bool (*stopped)(void))
{
	struct td_set a = { 0 }, b = { 0 }, *cur = &a, *prev = &b, *t;
	struct timespec ts = {
		.tv_sec = interval_ms / 1000,
		.tv_nsec = (interval_ms % 1000) * 1000000L,
	};
	double t_prev, t_cur;
	unsigned int n;
	int err;

	/*
	 * Sampling every process takes time of its own, and a signal cuts
	 * the sleep short: the growth is over the time that really passed
	 * between the starts of two samples.
	 */
	t_prev = td_now_ms();
	err = td_sample_all(nl, prev);
	for (n = 0; !err && (!iterations || n < iterations); n++) {
		nanosleep(&ts, NULL);
		if (stopped())
			break;
		t_cur = td_now_ms();
		err = td_sample_all(nl, cur);
		if (err)
			break;
		td_diff(cur, prev);
		td_print_top(cur, lines, t_cur - t_prev);
		t_prev = t_cur;
		t = cur;
		cur = prev;
		prev = t;
	}
	free(a.s);
	free(b.s);
	return err;
}
