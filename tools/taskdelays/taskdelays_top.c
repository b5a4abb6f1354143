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

#include "taskdelays_keys.h"
#include "taskdelays_print.h"
#include "taskdelays_screen.h"
#include "taskdelays_top.h"

struct td_sample {
	uint32_t id;		/* tgid, or tid in the thread view */
	uint32_t tgid;
	char comm[33];
	unsigned int untracked;	/* from /proc/<id>/delays, when readable */
	uint64_t total[TD_NR_DELAYS];
	uint64_t growth[TD_NR_DELAYS];
	uint64_t growth_sum;
	uint64_t key;		/* growth of the sort key */
};

struct td_set {
	struct td_sample *s;
	size_t nr, cap;
};

static int td_cmp_id(const void *a, const void *b)
{
	const struct td_sample *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

static int td_cmp_key(const void *a, const void *b)
{
	const struct td_sample *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? 1 : -1;
	return td_cmp_id(a, b);
}

int td_top_sort_key(const char *name)
{
	int i;

	if (!strcmp(name, "total"))
		return -1;
	for (i = 0; i < TD_NR_DELAYS; i++)
		if (!strcmp(name, td_delays[i].name))
			return i;
	return -2;
}

/* The "untracked:" line of /proc/<tgid>[/task/<tid>]/delays, or 0 */
static unsigned int td_untracked(uint32_t tgid, uint32_t tid, bool thread)
{
	char path[64], line[64];
	unsigned int n = 0;
	FILE *f;

	if (thread)
		snprintf(path, sizeof(path), "/proc/%" PRIu32 "/task/%" PRIu32 "/delays",
			 tgid, tid);
	else
		snprintf(path, sizeof(path), "/proc/%" PRIu32 "/delays", tgid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "untracked: %u", &n) == 1)
			break;
	fclose(f);
	return n;
}

static int td_set_add(struct td_set *set, struct td_stats *st, uint32_t tgid,
		      bool thread)
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
	s->id = st->id;
	s->tgid = tgid;
	td_comm_from_proc(st);
	snprintf(s->comm, sizeof(s->comm), "%s", st->have_comm ? st->comm : "?");
	s->untracked = td_untracked(tgid, st->id, thread);
	for (i = 0; i < TD_NR_DELAYS; i++)
		s->total[i] = st->delay[i].total_ns;
	return 0;
}

static bool td_number(const char *name, unsigned long *v)
{
	char *end;

	if (!isdigit((unsigned char)name[0]))
		return false;
	*v = strtoul(name, &end, 10);
	return !*end && *v <= UINT32_MAX;
}

/* Query one task and add it; a task that exited meanwhile is skipped */
static int td_sample_one(struct td_nl *nl, struct td_set *set, bool tgid_query,
			 uint32_t id, uint32_t tgid, bool thread)
{
	struct td_stats st;
	int err;

	err = td_nl_query(nl, tgid_query, id, &st);
	if (err == -ESRCH)
		return 0;
	if (err) {
		td_nl_explain(err, "top");
		return err;
	}
	return td_set_add(set, &st, tgid, thread);
}

/* The threads of process @tgid, from /proc/<tgid>/task */
static int td_sample_threads(struct td_nl *nl, struct td_set *set,
			     uint32_t tgid)
{
	struct dirent *de;
	char path[32];
	int err = 0;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%" PRIu32 "/task", tgid);
	d = opendir(path);
	if (!d)
		return 0;	/* exited since readdir */
	while (!err && (de = readdir(d))) {
		unsigned long tid;

		if (td_number(de->d_name, &tid))
			err = td_sample_one(nl, set, false, tid, tgid, true);
	}
	closedir(d);
	return err;
}

/* One sample of every process (or thread) in /proc; sorted by id. */
static int td_sample_all(struct td_nl *nl, struct td_set *set, bool threads)
{
	DIR *d = opendir("/proc");
	struct dirent *de;
	int err = 0;

	if (!d) {
		fprintf(stderr, "taskdelays: /proc: %s\n", strerror(errno));
		return -errno;
	}
	set->nr = 0;
	while (!err && (de = readdir(d))) {
		unsigned long tgid;

		if (!td_number(de->d_name, &tgid))
			continue;
		if (threads)
			err = td_sample_threads(nl, set, tgid);
		else
			err = td_sample_one(nl, set, true, tgid, tgid, false);
	}
	closedir(d);
	qsort(set->s, set->nr, sizeof(*set->s), td_cmp_id);
	return err;
}

static void td_diff(struct td_set *cur, const struct td_set *prev, int sort)
{
	size_t i;
	int j;

	for (i = 0; i < cur->nr; i++) {
		struct td_sample *c = &cur->s[i];
		const struct td_sample *p;

		p = bsearch(c, prev->s, prev->nr, sizeof(*c), td_cmp_id);
		c->growth_sum = 0;
		for (j = 0; j < TD_NR_DELAYS; j++) {
			/* a reused id or a wrapped total restarts from 0 */
			c->growth[j] = p && c->total[j] >= p->total[j] ?
				       c->total[j] - p->total[j] : 0;
			c->growth_sum += c->growth[j];
		}
		c->key = sort < 0 ? c->growth_sum : c->growth[sort];
	}
}

/*
 * The "some avg10" of /proc/pressure/<res>, the share of the last 10 s
 * in which some task waited for it; -1 without PSI.
 */
static double td_psi(const char *res)
{
	char path[64], line[256];
	double v = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/pressure/%s", res);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "some avg10=%lf", &v) == 1)
			break;
	fclose(f);
	return v;
}

static void td_print_psi(FILE *f)
{
	static const char *const res[] = { "cpu", "io", "memory" };
	unsigned int i;

	fprintf(f, "PSI some avg10:");
	for (i = 0; i < 3; i++) {
		double v = td_psi(res[i]);

		if (v < 0)
			fprintf(f, " %s n/a", res[i]);
		else
			fprintf(f, " %s %.2f%%", res[i], v);
	}
	fprintf(f, "\n");
}

static double td_pct(uint64_t ns, double interval_ms)
{
	return interval_ms > 0 ? ns / (interval_ms * 1e4) : 0;
}

static void td_print_text(FILE *f, const struct td_set *cur,
			  const struct td_top_opts *o, double interval_ms)
{
	size_t i;
	int j;

	fprintf(f, "\n%zu %s, delays in %% of the time over %.0f ms, by %s:\n",
		cur->nr, o->threads ? "threads" : "processes", interval_ms,
		o->sort < 0 ? "total" : td_delays[o->sort].name);
	td_print_psi(f);
	fprintf(f, "%7s %7s %-17s %7s", o->threads ? "TID" : "TGID", "TGID",
		"COMM", "TOTAL%");
	for (j = 0; j < TD_NR_DELAYS; j++)
		fprintf(f, " %8s%%", td_delays[j].name);
	fprintf(f, "\n");
	for (i = 0; i < cur->nr && i < o->lines; i++) {
		const struct td_sample *s = &cur->s[i];

		/* '*': some thread has no delay storage, only cpu is real */
		fprintf(f, "%7" PRIu32 " %7" PRIu32 " %-16.16s%c %7.2f", s->id,
			s->tgid, s->comm, s->untracked ? '*' : ' ',
			td_pct(s->growth_sum, interval_ms));
		for (j = 0; j < TD_NR_DELAYS; j++)
			fprintf(f, " %9.2f", td_pct(s->growth[j], interval_ms));
		fprintf(f, "\n");
	}
	if (i < cur->nr)
		fprintf(f, "(%zu more)\n", cur->nr - i);
}

static void td_json_str(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

/* One line per round: {"interval_ms":..,"tasks":[{...},...]} */
static void td_print_json(const struct td_set *cur, const struct td_top_opts *o,
			  double interval_ms)
{
	static const char *const res[] = { "cpu", "io", "memory" };
	size_t i;
	int j;

	printf("{\"interval_ms\":%.3f,\"view\":\"%s\",\"sort\":\"%s\",\"psi_some_avg10\":{",
	       interval_ms, o->threads ? "threads" : "processes",
	       o->sort < 0 ? "total" : td_delays[o->sort].name);
	for (j = 0; j < 3; j++) {
		double v = td_psi(res[j]);

		printf("%s\"%s\":", j ? "," : "", res[j]);
		if (v < 0)
			printf("null");
		else
			printf("%.2f", v);
	}
	printf("},\"tasks\":[");
	for (i = 0; i < cur->nr && i < o->lines; i++) {
		const struct td_sample *s = &cur->s[i];

		printf("%s{\"id\":%" PRIu32 ",\"tgid\":%" PRIu32 ",\"comm\":",
		       i ? "," : "", s->id, s->tgid);
		td_json_str(s->comm);
		printf(",\"untracked\":%u,\"total_pct\":%.3f,\"delays\":{",
		       s->untracked, td_pct(s->growth_sum, interval_ms));
		for (j = 0; j < TD_NR_DELAYS; j++)
			printf("%s\"%s\":{\"ns\":%" PRIu64 ",\"pct\":%.3f}",
			       j ? "," : "", td_delays[j].name, s->growth[j],
			       td_pct(s->growth[j], interval_ms));
		printf("}}");
	}
	printf("]}\n");
}

static double td_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/*
 * Draw @set (sorted by id) in the order of @view->sort, then leave it
 * sorted by id again for the next round's diff.
 */
static void td_show(struct td_set *set, const struct td_top_opts *o,
		    const struct td_view *view, double interval_ms, bool full)
{
	struct td_top_opts v = *o;
	char *text = NULL;
	size_t len = 0, i;
	FILE *f;

	v.sort = view->sort;
	v.threads = view->threads;
	for (i = 0; i < set->nr; i++) {
		struct td_sample *c = &set->s[i];

		c->key = v.sort < 0 ? c->growth_sum : c->growth[v.sort];
	}
	qsort(set->s, set->nr, sizeof(*set->s), td_cmp_key);
	f = open_memstream(&text, &len);
	if (f) {
		if (interval_ms < 0)
			fprintf(f, "\n%zu %s, sorted by %s: measuring the first %u ms...\n",
				set->nr, v.threads ? "threads" : "processes",
				v.sort < 0 ? "total" : td_delays[v.sort].name,
				o->interval_ms);
		else
			td_print_text(f, set, &v, interval_ms);
		fclose(f);
	}
	td_screen_show(text ? text : "taskdelays: out of memory\n",
		       td_top_help, full);
	free(text);
	qsort(set->s, set->nr, sizeof(*set->s), td_cmp_id);
}

/*
 * The view on a terminal: a round every interval as in batch mode, and
 * between rounds the keys of taskdelays_keys.c.  A new sort order is
 * drawn at once from the samples shown; processes <-> threads starts a
 * new baseline, as the ids differ.
 */
static int td_top_interactive(struct td_nl *nl, const struct td_top_opts *o)
{
	struct td_set a = { 0 }, b = { 0 }, *cur = &a, *prev = &b, *t;
	struct td_view view = { .sort = o->sort, .threads = o->threads };
	double t_prev, t_cur, shown_ms = -1, left;
	int err, ch;

	if (td_screen_open())
		return -ENOTTY;
	t_prev = td_now_ms();
	err = td_sample_all(nl, prev, view.threads);
	if (!err)
		td_show(prev, o, &view, -1, false);
	while (!err && !o->stopped()) {
		left = t_prev + o->interval_ms - td_now_ms();
		if (left <= 0) {
			t_cur = td_now_ms();
			err = td_sample_all(nl, cur, view.threads);
			if (err)
				break;
			td_diff(cur, prev, view.sort);
			shown_ms = t_cur - t_prev;
			td_show(cur, o, &view, shown_ms, false);
			t_prev = t_cur;
			t = cur;
			cur = prev;
			prev = t;
			continue;
		}
		ch = td_screen_key(left + 1);
		if (ch < 0)
			continue;
		switch (td_top_key(ch, &view)) {
		case TD_KEY_QUIT:
			goto out;
		case TD_KEY_REDRAW:
			td_show(prev, o, &view, shown_ms, true);
			break;
		case TD_KEY_RESAMPLE:
			t_prev = td_now_ms();
			err = td_sample_all(nl, prev, view.threads);
			shown_ms = -1;
			if (!err)
				td_show(prev, o, &view, shown_ms, true);
			break;
		case TD_KEY_NONE:
			break;
		}
	}
out:
	td_screen_close();
	free(a.s);
	free(b.s);
	return err;
}

int td_top(struct td_nl *nl, const struct td_top_opts *o)
{
	struct td_set a = { 0 }, b = { 0 }, *cur = &a, *prev = &b, *t;
	struct timespec ts = {
		.tv_sec = o->interval_ms / 1000,
		.tv_nsec = (o->interval_ms % 1000) * 1000000L,
	};
	double t_prev, t_cur;
	unsigned int n;
	int err;

	if (o->interactive)
		return td_top_interactive(nl, o);
	/*
	 * Sampling every process takes time of its own, and a signal cuts
	 * the sleep short: the growth is over the time that really passed
	 * between the starts of two samples.
	 */
	t_prev = td_now_ms();
	err = td_sample_all(nl, prev, o->threads);
	for (n = 0; !err && (!o->iterations || n < o->iterations); n++) {
		nanosleep(&ts, NULL);
		if (o->stopped())
			break;
		t_cur = td_now_ms();
		err = td_sample_all(nl, cur, o->threads);
		if (err)
			break;
		td_diff(cur, prev, o->sort);
		qsort(cur->s, cur->nr, sizeof(*cur->s), td_cmp_key);
		if (o->json)
			td_print_json(cur, o, t_cur - t_prev);
		else
			td_print_text(stdout, cur, o, t_cur - t_prev);
		fflush(stdout);
		qsort(cur->s, cur->nr, sizeof(*cur->s), td_cmp_id);
		t_prev = t_cur;
		t = cur;
		cur = prev;
		prev = t;
	}
	free(a.s);
	free(b.s);
	return err;
}
