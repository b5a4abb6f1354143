// SPDX-License-Identifier: GPL-2.0
/*
 * top-like view: which processes waited the most during the last interval.
 * Totals are cumulative, so each round diffs against the previous sample
 * of the same id; a task seen for the first time has no growth yet, and
 * shows n/a until its second sample, as does a delay the kernel does not
 * collect (kernel.task_delayacct off, an untracked thread, an old kernel).
 */
#include <ctype.h>
#include <curses.h>
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "taskdelays_keys.h"
#include "taskdelays_print.h"
#include "taskdelays_psi.h"
#include "taskdelays_screen.h"
#include "taskdelays_top.h"

#ifndef fallthrough
#define fallthrough __attribute__((__fallthrough__))
#endif

/* Where the kernel shows pressure stall information */
#define TD_PSI_DIR "/proc/pressure"

/* When accounting was switched on, followed over the samples */
static struct td_since td_top_since;

/* Rows of the batch views unless -N says otherwise */
#define TD_BATCH_LINES 10

struct td_sample {
	uint32_t id;		/* tgid, or tid in the thread view */
	uint32_t tgid;
	bool have_uid;
	uint32_t uid;
	char comm[33];
	int untracked;		/* from /proc/<id>/delays; -1: no such file */
	int late;		/* accounting started after it: TD_LATE_* */
	bool maybe_late;	/* older than a switch-on at an unknown time */
	bool beyond[TD_NR_DELAYS];	/* a thread's total longer than its life */
	bool present[TD_NR_DELAYS];
	uint64_t total[TD_NR_DELAYS];
	uint64_t count[TD_NR_DELAYS];	/* waits so far */
	bool have_io;
	uint64_t io[2];		/* bytes read and written so far */
	bool known;		/* sampled the round before: growth is real */
	uint64_t growth[TD_NR_DELAYS];
	uint64_t count_growth[TD_NR_DELAYS];
	uint64_t io_growth[2];
	double key;		/* value of the sort column, -1: n/a */
};

struct td_set {
	struct td_sample *s;
	size_t nr, cap;
	struct td_acct acct;	/* kernel.task_delayacct at this sample */
	struct td_psi psi[TD_PSI_NR];	/* /proc/pressure at this sample */
	int psi_n;		/* files of it present */
	double t_ms;		/* monotonic time the sample started */
	unsigned int nr_gone;	/* of -p and -t, the ids with no task */
	uint32_t gone[TD_TOP_MAX_PIDS];
	struct timespec wall;
};

/* One round as shown: the samples, the interval, and what to show */
struct td_round {
	struct td_set *set;
	double interval_ms;	/* < 0: the first sample, nothing measured */
	struct td_view view;
	const struct td_top_opts *o;
	const char *name_pat;	/* only names that match name_re; NULL: all */
	const regex_t *name_re;
	const struct td_sample **rows;	/* filtered, in sort order */
	size_t nr_rows;
	char msg[160];		/* on the status line until the next key */
};

static int td_cmp_id(const void *a, const void *b)
{
	const struct td_sample *x = a, *y = b;

	return (x->id > y->id) - (x->id < y->id);
}

static int td_cmp_key(const void *a, const void *b)
{
	const struct td_sample *x = *(const struct td_sample **)a;
	const struct td_sample *y = *(const struct td_sample **)b;

	if (x->key != y->key)
		return x->key < y->key ? 1 : -1;
	return td_cmp_id(x, y);
}

static int td_set_add(struct td_set *set, struct td_stats *st, uint32_t tgid,
		      bool thread)
{
	struct td_sample *s;
	uint64_t start, now;
	bool have_start;
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
	/* a TGID record's ac_uid is 0 for every process: ask /proc */
	if (thread) {
		s->have_uid = st->have_ids;
		s->uid = st->uid;
	} else {
		s->have_uid = !td_proc_uid(tgid, &s->uid);
	}
	td_comm_from_proc(st);
	snprintf(s->comm, sizeof(s->comm), "%s", st->have_comm ? st->comm : "?");
	s->untracked = set->acct.proc_file ? td_proc_untracked(tgid, st->id, thread) : -1;
	s->late = TD_LATE_UNKNOWN;
	have_start = !td_proc_start_ns(tgid, st->id, thread, &start);
	if (set->acct.on == 1 && have_start)
		s->late = td_since_late(&set->acct.since, start);
	/*
	 * One thread cannot wait longer than it lived (its start is in
	 * clock ticks, rounded down: its age is never too short)
	 */
	now = td_boot_ns();
	for (i = 0; thread && have_start && start <= now && i < TD_NR_DELAYS; i++)
		s->beyond[i] = st->delay[i].present &&
			       st->delay[i].total_ns > now - start;
	s->maybe_late = s->late == TD_LATE_UNKNOWN && set->acct.on == 1 &&
			set->acct.since.kind == TD_SINCE_UNKNOWN;
	for (i = 0; i < TD_NR_DELAYS; i++) {
		s->present[i] = st->delay[i].present;
		s->total[i] = st->delay[i].total_ns;
		s->count[i] = st->delay[i].count;
	}
	/* a TGID record has no I/O, a PID record only with TASK_XACCT */
	s->have_io = td_proc_io(tgid, st->id, thread, s->io) == 0;
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

static double td_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Whether task @id runs: its /proc/<id>/stat (a thread's too) is not Z or X */
static bool td_alive(uint32_t id)
{
	char path[32], buf[512], *p;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%" PRIu32 "/stat", id);
	f = fopen(path, "r");
	if (!f)
		return false;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return !p || (p[1] && p[2] != 'Z' && p[2] != 'X');
}

/* Which ids of -p and -t have no task, or a zombie that has exited */
static void td_find_gone(struct td_set *set, const struct td_top_opts *o)
{
	unsigned int i;

	set->nr_gone = 0;
	for (i = 0; i < o->nr_pids; i++)
		if (!td_alive(o->pids[i]))
			set->gone[set->nr_gone++] = o->pids[i];
}

/*
 * One sample of every process (or thread) in /proc, sorted by id, and
 * of -C's cgroup: a cgroup removed meanwhile shows n/a and why.
 */
static int td_sample_all(struct td_nl *nl, struct td_set *set, bool threads,
			 const struct td_top_opts *o)
{
	struct td_cg *cg = o->cg;
	DIR *d = opendir("/proc");
	struct dirent *de;
	int err = 0;

	if (!d) {
		fprintf(stderr, "taskdelays: /proc: %s\n", strerror(errno));
		return -errno;
	}
	set->nr = 0;
	set->t_ms = td_now_ms();
	clock_gettime(CLOCK_REALTIME, &set->wall);
	/* one switch time for every sample, which alternate */
	td_acct_read(&set->acct);
	td_since_follow(&td_top_since, set->acct.on);
	set->acct.since = td_top_since;
	set->psi_n = td_psi_read(TD_PSI_DIR, set->psi);
	if (cg)
		td_cg_read(nl, cg);
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
	td_find_gone(set, o);
	return err;
}

static void td_diff(struct td_set *cur, const struct td_set *prev)
{
	size_t i;
	int j;

	for (i = 0; i < cur->nr; i++) {
		struct td_sample *c = &cur->s[i];
		const struct td_sample *p;

		p = bsearch(c, prev->s, prev->nr, sizeof(*c), td_cmp_id);
		/* a reused id (another task) or a wrapped total starts anew */
		c->known = p && p->tgid == c->tgid && !strcmp(p->comm, c->comm);
		for (j = 0; c->known && j < TD_NR_DELAYS; j++)
			c->known = c->total[j] >= p->total[j] &&
				   c->count[j] >= p->count[j];
		for (j = 0; c->known && j < 2; j++)
			c->known = c->io[j] >= p->io[j];
		if (!c->known)
			continue;
		for (j = 0; j < TD_NR_DELAYS; j++) {
			c->growth[j] = c->total[j] - p->total[j];
			c->count_growth[j] = c->count[j] - p->count[j];
		}
		for (j = 0; j < 2; j++)
			c->io_growth[j] = c->io[j] - p->io[j];
	}
}

/*
 * Whether delay @i of @s is collected: cpu always; the others only
 * while kernel.task_delayacct is on and, in the thread view, for a
 * thread that has delay storage.
 */
static bool td_collected(const struct td_round *r, const struct td_sample *s,
			 int i)
{
	if (!s->known || !s->present[i])
		return false;
	if (i == TD_CPU)
		return true;
	if (r->set->acct.on == 0)
		return false;
	return !(r->view.threads && s->untracked > 0);
}

static double td_pct(uint64_t ns, double interval_ms)
{
	return interval_ms > 0 ? ns / (interval_ms * 1e4) : 0;
}

/*
 * Waits and their time in the interval over the delays of TOTAL (the
 * collected ones a thread could have had); false when none is collected
 */
static bool td_waits(const struct td_round *r, const struct td_sample *s,
		     uint64_t *ns, uint64_t *events)
{
	bool any = false;
	int i;

	*ns = 0;
	*events = 0;
	for (i = 0; i < TD_NR_DELAYS; i++) {
		if (!td_collected(r, s, i) || s->beyond[i])
			continue;
		*ns += s->growth[i];
		*events += s->count_growth[i];
		any = true;
	}
	return any;
}

/*
 * Value of column @col for @s: a percentage of the interval for the
 * delays, bytes per second for I/O, milliseconds for the average wait
 * and a number for the waits.  False when it is n/a: an average of no
 * wait too.
 */
static bool td_col_value(const struct td_round *r, const struct td_sample *s,
			 int col, double *v)
{
	uint64_t ns = 0, events;
	bool any = false;
	int i;

	if (!s->known || r->interval_ms <= 0)
		return false;
	switch (col) {
	case TD_COL_AVG:
		if (!td_waits(r, s, &ns, &events) || !events)
			return false;
		*v = ns / 1e6 / events;
		return true;
	case TD_COL_EVENTS:
		if (!td_waits(r, s, &ns, &events))
			return false;
		*v = events;
		return true;
	case TD_COL_READ:
	case TD_COL_WRITE:
		if (!s->have_io)
			return false;
		*v = s->io_growth[col - TD_COL_READ] * 1e3 / r->interval_ms;
		return true;
	case TD_COL_TOTAL:
	case TD_COL_MEM:
		for (i = 0; i < TD_NR_DELAYS; i++) {
			if (col == TD_COL_MEM && (i < TD_SWAPIN || i > TD_WPCOPY))
				continue;
			if (td_collected(r, s, i) && !s->beyond[i]) {
				ns += s->growth[i];
				any = true;
			}
		}
		if (!any)
			return false;
		break;
	default:
		if (!td_collected(r, s, col) || s->beyond[col])
			return false;
		ns = s->growth[col];
	}
	*v = td_pct(ns, r->interval_ms);
	return true;
}

static bool td_wanted(const struct td_round *r, const struct td_sample *s)
{
	const struct td_top_opts *o = r->o;
	unsigned int i;
	double v;

	if (o->by_uid && (!s->have_uid || s->uid != o->uid))
		return false;
	if (r->name_re && regexec(r->name_re, s->comm, 0, NULL, 0))
		return false;
	if (o->nr_pids) {
		for (i = 0; i < o->nr_pids; i++)
			if (o->pids[i] == s->id || o->pids[i] == s->tgid)
				break;
		if (i == o->nr_pids)
			return false;
	}
	if (!r->view.active)
		return true;
	return (td_col_value(r, s, TD_COL_TOTAL, &v) && v > 0) ||
	       (td_col_value(r, s, TD_COL_READ, &v) && v > 0) ||
	       (td_col_value(r, s, TD_COL_WRITE, &v) && v > 0);
}

/* The rows to show, filtered and sorted; -ENOMEM */
static int td_round_rows(struct td_round *r)
{
	struct td_set *set = r->set;
	size_t i;

	r->rows = malloc((set->nr ? set->nr : 1) * sizeof(*r->rows));
	if (!r->rows)
		return -ENOMEM;
	r->nr_rows = 0;
	for (i = 0; i < set->nr; i++) {
		struct td_sample *s = &set->s[i];
		double v;

		if (!td_wanted(r, s))
			continue;
		s->key = td_col_value(r, s, r->view.sort, &v) ? v : -1;
		r->rows[r->nr_rows++] = s;
	}
	qsort(r->rows, r->nr_rows, sizeof(*r->rows), td_cmp_key);
	return 0;
}

/* One group of a PSI row: some or full, avg10 avg60 avg300 total */
static void td_psi_group(FILE *f, const struct td_psi_line *l)
{
	double total = l->total_us / 1e6;

	/* 9 characters, whatever the total: 999999.9s, then whole seconds */
	if (l->present)
		fprintf(f, total < 999999.95 ? "      %6.2f %6.2f %6.2f %8.1fs" :
			"      %6.2f %6.2f %6.2f %8.0fs", l->avg[0],
			l->avg[1], l->avg[2], total);
	else
		fprintf(f, "      %6s %6s %6s %9s", "n/a", "n/a", "n/a", "n/a");
}

/*
 * The PSI lines of the head, as delaytop shows them: a title, then a
 * row per resource with its some and full lines; returns how many.
 */
static int td_print_psi(FILE *f, const struct td_set *set, bool narrow)
{
	int i;

	if (!set->psi_n && access(TD_PSI_DIR, F_OK)) {
		fprintf(f, "PSI n/a: no %s (a kernel without CONFIG_PSI, or booted with psi=0)\n",
			TD_PSI_DIR);
		return 1;
	}
	/* narrow: the some lines only, as the title says */
	fprintf(f, "%-7s", "PSI %");
	for (i = 0; i < (narrow ? 1 : 2); i++)
		fprintf(f, " %4s %6s %6s %6s %9s", i ? "full" : "some", "avg10",
			"avg60", "avg300", "total");
	fprintf(f, "\n");
	for (i = 0; i < TD_PSI_NR; i++) {
		const struct td_psi *p = &set->psi[i];

		fprintf(f, "%-7s", td_psi_names[i]);
		if (!p->present && !p->absent) {
			fprintf(f, " n/a: %s", p->why);
		} else {
			td_psi_group(f, &p->some);
			if (!narrow)
				td_psi_group(f, &p->full);
		}
		fprintf(f, "\n");
	}
	return 1 + TD_PSI_NR;
}

/* Bytes per second in at most 5 characters: 512, 9.5K, 1023K, 12M */
static void td_rate(char *buf, size_t len, double v)
{
	static const char unit[] = "BKMGTP";
	int u = 0;

	while (v >= 999.5 && unit[u + 1]) {
		v /= 1024;
		u++;
	}
	if (!u)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, v < 9.95 ? "%.1f%c" : "%.0f%c", v, unit[u]);
}

/* A count in at most 6 characters: 999999, then 1000K, 12M */
static void td_count(char *buf, size_t len, double v)
{
	static const char unit[] = " KMGTP";
	int u = 0;

	while (v >= 999999.5 && unit[u + 1]) {
		v /= 1000;
		u++;
	}
	if (!u)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%.0f%c", v, unit[u]);
}

/* Milliseconds in 6 characters: 0.012, 12.345, 123.45, 1234.5, 12345 */
static void td_ms(char *buf, size_t len, double v)
{
	snprintf(buf, len, v < 99.9995 ? "%.3f" : v < 999.995 ? "%.2f" :
		 v < 9999.95 ? "%.1f" : "%.0f", v);
}

/* Narrower than this, the head's long lines take a shorter form */
#define TD_WIDE 80

/*
 * Each line of @text after @prefix, wrapped at spaces to @width (0: as
 * it comes); returns the lines printed
 */
static int td_print_wrapped(FILE *f, const char *prefix, const char *text,
			    unsigned int width)
{
	size_t room = width > strlen(prefix) + 20 ? width - strlen(prefix) : 0;
	int n = 0;

	while (*text) {
		size_t len = strcspn(text, "\n"), cut = len;

		if (room && len > room) {
			for (cut = room; cut > 0 && text[cut] != ' '; cut--)
				;
			if (!cut)
				cut = room;
		}
		fprintf(f, "%s%.*s\n", prefix, (int)cut, text);
		text += cut;
		text += strspn(text, cut < len ? " " : "\n");
		n++;
	}
	return n;
}

/*
 * The mark after COMM: '*' some thread has no delay storage, only cpu is
 * real; '!' accounting started after the task did.  A task older than a
 * switch at an unknown time gets none: that would be every task, the
 * head says it once.
 */
static char td_mark(const struct td_sample *s)
{
	if (s->untracked > 0)
		return '*';
	if (s->late == TD_LATE_YES)
		return '!';
	return ' ';
}

/* The ids of -p and -t with no task, on one line; returns the lines */
static int td_print_gone(FILE *f, const struct td_set *set)
{
	unsigned int i;

	if (!set->nr_gone)
		return 0;
	fprintf(f, "! no such task:");
	for (i = 0; i < set->nr_gone; i++)
		fprintf(f, " %" PRIu32, set->gone[i]);
	fprintf(f, "\n");
	return 1;
}

/* What the marks after COMM of the rows shown mean; returns the lines */
static int td_print_marks(FILE *f, const struct td_round *r)
{
	bool late = false, maybe = false, bogus = false;
	char when[16];
	size_t i;
	int j;

	for (i = 0; i < r->nr_rows; i++) {
		late |= td_mark(r->rows[i]) == '!';
		maybe |= r->rows[i]->maybe_late;
		for (j = 0; j < TD_NR_DELAYS; j++)
			bogus |= r->rows[i]->beyond[j];
	}
	char line[160];
	int n = 0;

	td_boot_clock(r->set->acct.since.ns, when, sizeof(when));
	if (late) {
		snprintf(line, sizeof(line), "! after COMM: accounting started after the task (switched on by %s)",
			 when);
		n += td_print_wrapped(f, "", line, r->view.width);
	}
	if (maybe) {
		snprintf(line, sizeof(line), "accounting was switched on at an unknown time before %s: older tasks may miss delays",
			 when);
		n += td_print_wrapped(f, "", line, r->view.width);
	}
	/* a kernel's figure no thread can have: not shown as a measurement */
	if (bogus)
		n += td_print_wrapped(f, "", "bogus: the kernel's total is longer than the thread has lived",
				      r->view.width);
	return n;
}

/* The lines above the rows; returns how many */
static int td_print_head(FILE *f, const struct td_round *r)
{
	struct td_set *set = r->set;
	const char *warn = td_acct_warning(&set->acct);
	bool narrow = r->view.width && r->view.width < TD_WIDE;
	struct td_fit fit;
	unsigned int i;
	struct tm tm;
	char when[16] = "";
	int lines = 2;

	td_view_fit(&r->view, &fit);
	if (localtime_r(&set->wall.tv_sec, &tm))
		strftime(when, sizeof(when), "%H:%M:%S ", &tm);
	if (r->interval_ms < 0)
		fprintf(f, "%s%zu %s, sorted by %s: measuring the first %u ms...\n",
			when, r->nr_rows, r->view.threads ? "threads" : "processes",
			td_col_name(r->view.sort), r->o->interval_ms);
	else
		fprintf(f, narrow ? "%s%zu %s, %% of %.0f ms, by %s:\n" :
			"%s%zu %s, delays in %% of the time over %.0f ms, by %s:\n",
			when, r->nr_rows, r->view.threads ? "threads" : "processes",
			r->interval_ms, td_col_name(r->view.sort));
	lines += td_print_psi(f, set, narrow) - 1;
	if (r->o->cg) {
		td_cg_print(f, r->o->cg, false);
		lines++;
	}
	if (warn)
		lines += td_print_wrapped(f, "! ", warn, r->view.width);
	lines += td_print_gone(f, set);
	if (r->name_pat) {
		fprintf(f, "names matching: %s\n", r->name_pat);
		lines++;
	}
	lines += td_print_marks(f, r);
	if (fit.nr_hidden) {
		fprintf(f, "hidden, too narrow:");
		for (i = 0; i < fit.nr_hidden; i++)
			fprintf(f, " %s", td_col_title(fit.hidden[i]));
		fprintf(f, "\n");
		lines++;
	}
	if (r->interval_ms < 0)
		return lines;
	fprintf(f, "%7s", r->view.threads ? "TID" : "TGID");
	if (r->view.threads)
		fprintf(f, " %7s", "TGID");
	fprintf(f, " %-*s", fit.comm_w, "COMM");
	for (i = 0; i < fit.nr_cols; i++)
		fprintf(f, " %*s", td_col_width(fit.cols[i]),
			td_col_title(fit.cols[i]));
	fprintf(f, "\n");
	return lines + 1;
}

/*
 * " COMM" in @w columns: at most @w characters of it, UTF-8 counted as
 * one column a character (the Latin, Greek and Cyrillic of most names;
 * a wide CJK character takes two on the screen)
 */
static void td_put_comm(FILE *f, const char *comm, int w)
{
	int cols = 0;
	size_t len;

	fputc(' ', f);
	while (*comm && cols < w) {
		len = td_utf8_len(comm, strlen(comm));
		len = len ? len : 1;
		fwrite(comm, 1, len, f);
		comm += len;
		cols++;
	}
	fprintf(f, "%*s", w - cols, "");
}

static void td_print_row(FILE *f, const struct td_round *r,
			 const struct td_sample *s)
{
	struct td_fit fit;
	const int *cols = fit.cols;
	unsigned int i;
	int cw;

	td_view_fit(&r->view, &fit);
	cw = fit.comm_w - 1;
	fprintf(f, "%7" PRIu32, s->id);
	if (r->view.threads)
		fprintf(f, " %7" PRIu32, s->tgid);
	td_put_comm(f, s->comm, cw);
	fputc(td_mark(s), f);
	for (i = 0; i < fit.nr_cols; i++) {
		int w = td_col_width(cols[i]);
		char buf[16];
		double v;

		if (cols[i] >= 0 && cols[i] < TD_NR_DELAYS && s->beyond[cols[i]])
			fprintf(f, " %*s", w, "bogus");
		else if (!td_col_value(r, s, cols[i], &v))
			fprintf(f, " %*s", w, "n/a");
		else if (cols[i] == TD_COL_READ || cols[i] == TD_COL_WRITE) {
			td_rate(buf, sizeof(buf), v);
			fprintf(f, " %*s", w, buf);
		} else if (cols[i] == TD_COL_AVG || cols[i] == TD_COL_EVENTS) {
			(cols[i] == TD_COL_AVG ? td_ms : td_count)(buf, sizeof(buf), v);
			fprintf(f, " %*s", w, buf);
		} else {
			fprintf(f, " %*.2f", w, v);
		}
	}
	fprintf(f, "\n");
}

static void td_print_text(FILE *f, const struct td_round *r)
{
	size_t lines = r->o->lines ? r->o->lines : TD_BATCH_LINES, i;

	fprintf(f, "\n");
	td_print_head(f, r);
	for (i = 0; i < r->nr_rows && i < lines; i++)
		td_print_row(f, r, r->rows[i]);
	if (i < r->nr_rows)
		fprintf(f, "(%zu more)\n", r->nr_rows - i);
}

static void td_json_num(bool have, double v, const char *fmt)
{
	if (have)
		printf(fmt, v);
	else
		printf("null");
}

static void td_json_task(const struct td_round *r, const struct td_sample *s)
{
	double v = 0;
	bool have;
	int j;

	printf("{\"id\":%" PRIu32 ",\"tgid\":%" PRIu32 ",\"comm\":", s->id,
	       s->tgid);
	td_json_str(stdout, s->comm);
	printf(",\"untracked\":");
	td_json_num(s->untracked >= 0, s->untracked, "%.0f");
	printf(",\"acct_late\":%s", s->late == TD_LATE_UNKNOWN ? "null" :
	       s->late ? "true" : "false");
	printf(",\"total_pct\":");
	have = td_col_value(r, s, TD_COL_TOTAL, &v);
	td_json_num(have, v, "%.3f");
	printf(",\"delays\":{");
	for (j = 0; j < TD_NR_DELAYS; j++) {
		printf("%s\"%s\":", j ? "," : "", td_delays[j].name);
		if (s->beyond[j] && s->known)
			printf("{\"ns\":%" PRIu64 ",\"events\":%" PRIu64 ",\"pct\":null,\"impossible\":true}",
			       s->growth[j], s->count_growth[j]);
		else if (td_col_value(r, s, j, &v))
			printf("{\"ns\":%" PRIu64 ",\"events\":%" PRIu64 ",\"pct\":%.3f,\"impossible\":false}",
			       s->growth[j], s->count_growth[j], v);
		else
			printf("null");
	}
	printf("},\"avg_ms\":");
	have = td_col_value(r, s, TD_COL_AVG, &v);
	td_json_num(have, v, "%.6f");
	printf(",\"events\":");
	have = td_col_value(r, s, TD_COL_EVENTS, &v);
	td_json_num(have, v, "%.0f");
	printf(",\"mem_pct\":");
	have = td_col_value(r, s, TD_COL_MEM, &v);
	td_json_num(have, v, "%.3f");
	for (j = 0; j < 2; j++) {
		have = td_col_value(r, s, TD_COL_READ + j, &v);

		printf(",\"%s_bytes\":", j ? "write" : "read");
		td_json_num(have, s->io_growth[j], "%.0f");
		printf(",\"%s_bps\":", j ? "write" : "read");
		td_json_num(have, v, "%.1f");
	}
	printf("}");
}

static void td_json_psi_line(const char *kind, const struct td_psi_line *l)
{
	printf("\"%s\":", kind);
	if (!l->present) {
		printf("null");
		return;
	}
	printf("{\"avg10\":%.2f,\"avg60\":%.2f,\"avg300\":%.2f,\"total_us\":%" PRIu64 "}",
	       l->avg[0], l->avg[1], l->avg[2], l->total_us);
}

/* A resource's PSI lines; null when the kernel has no such file */
static void td_json_psi(const struct td_psi *p)
{
	if (!p->present) {
		printf("null");
		return;
	}
	printf("{");
	td_json_psi_line("some", &p->some);
	printf(",");
	td_json_psi_line("full", &p->full);
	printf("}");
}

/* One line per round: {"timestamp":..,"interval_ms":..,"tasks":[...]} */
static void td_print_json(const struct td_round *r)
{
	struct td_set *set = r->set;
	size_t lines = r->o->lines ? r->o->lines : TD_BATCH_LINES, i;
	int j;

	printf("{\"timestamp\":%lld.%03ld,\"interval_ms\":%.3f,\"view\":\"%s\",\"sort\":\"%s\",\"delayacct\":",
	       (long long)set->wall.tv_sec, set->wall.tv_nsec / 1000000,
	       r->interval_ms, r->view.threads ? "threads" : "processes",
	       td_col_name(r->view.sort));
	printf("%s", set->acct.on < 0 ? "null" : set->acct.on ? "true" : "false");
	printf(",\"psi\":{");
	for (j = 0; j < TD_PSI_NR; j++) {
		printf("%s\"%s\":", j ? "," : "", td_psi_names[j]);
		td_json_psi(&set->psi[j]);
	}
	printf("}");
	if (r->o->cg) {
		printf(",\"cgroup\":");
		td_cg_json(stdout, r->o->cg);
	}
	if (r->name_pat) {
		printf(",\"name_filter\":");
		td_json_str(stdout, r->name_pat);
	}
	if (r->o->nr_pids) {
		printf(",\"no_such_task\":[");
		for (j = 0; j < (int)set->nr_gone; j++)
			printf("%s%" PRIu32, j ? "," : "", set->gone[j]);
		printf("]");
	}
	printf(",\"tasks\":[");
	for (i = 0; i < r->nr_rows && i < lines; i++) {
		printf("%s", i ? "," : "");
		td_json_task(r, r->rows[i]);
	}
	printf("]}\n");
}

/*
 * Draw one round on the screen: the head, then as many rows as fit
 * from the view's scroll position (clamped to the last page), then the
 * help line with the rows shown.
 */
static void td_show(struct td_round *r, struct td_view *view, bool full)
{
	unsigned int lines, cols, head, i, last;
	size_t nr, len = 0;
	char *text = NULL, status[256], limit[32] = "";
	FILE *f;

	r->view = *view;
	if (td_round_rows(r)) {
		td_screen_show("taskdelays: out of memory\n", -1, td_top_help,
			       full);
		return;
	}
	nr = r->nr_rows;
	if (r->o->lines && nr > r->o->lines)
		nr = r->o->lines;
	td_screen_size(&lines, &cols);
	view->width = cols;
	r->view.width = cols;
	f = open_memstream(&text, &len);
	if (!f) {
		free(r->rows);
		return;
	}
	head = td_print_head(f, r);
	view->page = lines > head + 1 ? lines - head - 1 : 1;
	if (view->scroll + view->page > nr)
		view->scroll = nr > view->page ? nr - view->page : 0;
	last = view->scroll;
	for (i = view->scroll; r->interval_ms >= 0 && i < nr &&
	     i < view->scroll + view->page; i++, last++)
		td_print_row(f, r, r->rows[i]);
	fclose(f);
	/* of all the rows the head counts; -N's limit said when it cuts */
	if (nr < r->nr_rows)
		snprintf(limit, sizeof(limit), ", -N %zu", nr);
	/* narrow: the rows shown first, the help after, as much as fits */
	if (r->interval_ms >= 0 && nr && cols < TD_WIDE)
		snprintf(status, sizeof(status), "rows %u-%u of %zu%s  %s",
			 view->scroll + 1, last, r->nr_rows, limit,
			 r->msg[0] ? r->msg : td_top_help);
	else if (r->interval_ms >= 0 && nr)
		snprintf(status, sizeof(status), "%s  rows %u-%u of %zu%s",
			 r->msg[0] ? r->msg : td_top_help, view->scroll + 1,
			 last, r->nr_rows, limit);
	else
		snprintf(status, sizeof(status), "%s",
			 r->msg[0] ? r->msg : td_top_help);
	td_screen_show(text ? text : "taskdelays: out of memory\n",
		       r->interval_ms >= 0 ? (int)head - 1 : -1, status, full);
	free(text);
	free(r->rows);
}

/*
 * When the next sample is due: one interval after the last one started,
 * but never sooner than the sampling took, so that a short interval on
 * a system with many tasks does not keep a CPU busy.
 */
static double td_next_ms(const struct td_set *last, const struct td_top_opts *o)
{
	double took = td_now_ms() - last->t_ms;

	return last->t_ms + (took > o->interval_ms ? 2 * took : o->interval_ms);
}

/* The name filter set by / on the screen */
struct td_name_filter {
	bool have;		/* re compiled */
	regex_t re;
	char pat[128];
};

/*
 * Ask for a name filter on the status line: an empty one shows every
 * name, Esc keeps the one shown, a pattern that does not compile is
 * refused on the status line and changes nothing.
 */
static void td_ask_filter(struct td_round *r, struct td_name_filter *nf)
{
	char buf[sizeof(nf->pat)], why[96];
	regex_t re;
	int err;

	snprintf(buf, sizeof(buf), "%s", r->name_pat ? r->name_pat : "");
	if (!td_screen_prompt("name regex (Enter sets, Esc keeps): ", buf,
			      sizeof(buf), r->o->stopped))
		return;
	if (!buf[0]) {
		r->name_pat = NULL;
		r->name_re = NULL;
		return;
	}
	err = regcomp(&re, buf, REG_EXTENDED | REG_NOSUB);
	if (err) {
		regerror(err, &re, why, sizeof(why));
		snprintf(r->msg, sizeof(r->msg), "bad regex '%.40s': %s", buf,
			 why);
		return;
	}
	if (nf->have)
		regfree(&nf->re);
	nf->re = re;
	nf->have = true;
	memcpy(nf->pat, buf, sizeof(nf->pat));
	r->name_pat = nf->pat;
	r->name_re = &nf->re;
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
	struct td_view view = {
		.sort = o->sort, .threads = o->threads, .full = o->full,
		.active = o->active,
	};
	struct td_round r = {
		.o = o, .interval_ms = -1, .name_pat = o->name_pat,
		.name_re = o->name_re,
	};
	struct td_name_filter nf = { 0 };
	struct td_acct acct;
	double next, left;
	int err, ch;

	if (td_screen_open())
		return -ENOTTY;
	err = td_sample_all(nl, prev, view.threads, o);
	r.set = prev;
	if (!err)
		td_show(&r, &view, false);
	next = td_next_ms(prev, o);
	while (!err && !o->stopped()) {
		left = next - td_now_ms();
		if (left <= 0) {
			err = td_sample_all(nl, cur, view.threads, o);
			if (err)
				break;
			td_diff(cur, prev);
			r.set = cur;
			r.interval_ms = cur->t_ms - prev->t_ms;
			td_show(&r, &view, false);
			next = td_next_ms(cur, o);
			t = cur;
			cur = prev;
			prev = t;
			continue;
		}
		ch = td_screen_key(left + 1);
		if (ch < 0)
			continue;
		r.msg[0] = '\0';
		switch (td_top_key(ch, &view)) {
		case TD_KEY_QUIT:
			goto out;
		case TD_KEY_REDRAW:
			/* every character again only when asked to */
			td_show(&r, &view, ch == ('L' & 0x1f) || ch == KEY_RESIZE);
			break;
		case TD_KEY_ACCT:
			/* switched: the banner goes and a new baseline starts */
			td_acct_read(&acct);
			if (td_acct_switch(acct.on != 1, r.msg, sizeof(r.msg))) {
				td_show(&r, &view, false);
				break;
			}
			fallthrough;
		case TD_KEY_RESAMPLE:
			err = td_sample_all(nl, prev, view.threads, o);
			r.set = prev;
			r.interval_ms = -1;
			if (!err)
				td_show(&r, &view, true);
			next = td_next_ms(prev, o);
			break;
		case TD_KEY_FILTER:
			td_ask_filter(&r, &nf);
			view.scroll = 0;
			td_show(&r, &view, false);
			break;
		case TD_KEY_HELP:
			td_screen_page(td_top_keys, o->stopped);
			td_show(&r, &view, true);
			break;
		case TD_KEY_NONE:
			break;
		}
	}
out:
	if (nf.have)
		regfree(&nf.re);
	td_screen_close();
	free(a.s);
	free(b.s);
	return err;
}

static void td_gone_msg(const struct td_set *set, const char *what)
{
	unsigned int i;

	fprintf(stderr, "taskdelays: %s:", what);
	for (i = 0; i < set->nr_gone; i++)
		fprintf(stderr, " %" PRIu32, set->gone[i]);
	fprintf(stderr, "\n");
}

static void td_sleep_until(double ms)
{
	double left = ms - td_now_ms();
	struct timespec ts;

	if (left <= 0)
		return;
	ts.tv_sec = left / 1e3;
	ts.tv_nsec = (left - ts.tv_sec * 1e3) * 1e6;
	nanosleep(&ts, NULL);
}

int td_top(struct td_nl *nl, const struct td_top_opts *o)
{
	struct td_set a = { 0 }, b = { 0 }, *cur = &a, *prev = &b, *t;
	struct td_round r = {
		.o = o, .name_pat = o->name_pat, .name_re = o->name_re,
		.view = { .sort = o->sort, .threads = o->threads,
			  .full = o->full, .active = o->active },
	};
	unsigned int n;
	int err;

	if (o->interactive)
		return td_top_interactive(nl, o);
	/*
	 * Sampling every process takes time of its own, and a signal cuts
	 * the sleep short: the growth is over the time that really passed
	 * between the starts of two samples.
	 */
	err = td_sample_all(nl, prev, o->threads, o);
	if (!err && o->nr_pids && prev->nr_gone == o->nr_pids) {
		td_gone_msg(prev, "no such task");
		err = -ESRCH;
	}
	for (n = 0; !err && (!o->iterations || n < o->iterations); n++) {
		td_sleep_until(td_next_ms(prev, o));
		if (o->stopped())
			break;
		err = td_sample_all(nl, cur, o->threads, o);
		if (err)
			break;
		td_diff(cur, prev);
		r.set = cur;
		r.interval_ms = cur->t_ms - prev->t_ms;
		err = td_round_rows(&r);
		if (err)
			break;
		if (o->json)
			td_print_json(&r);
		else
			td_print_text(stdout, &r);
		fflush(stdout);
		free(r.rows);
		/* nothing left to watch: a batch would print empty rounds */
		if (o->nr_pids && cur->nr_gone == o->nr_pids) {
			td_gone_msg(cur, "every task watched has exited");
			break;
		}
		t = cur;
		cur = prev;
		prev = t;
	}
	free(a.s);
	free(b.s);
	return err;
}
