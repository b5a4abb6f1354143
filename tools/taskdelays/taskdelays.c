// SPDX-License-Identifier: GPL-2.0
/*
 * taskdelays - per-task delay accounting statistics over TASKSTATS
 *
 * Does what tools/accounting/getdelays.c does, on libnl-genl-3, without
 * assuming the size or version of struct taskstats.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pwd.h>
#include <regex.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <dirent.h>
#include <inttypes.h>
#include <sys/wait.h>

#include "taskstats_nl.h"
#include "taskdelays_cgroup.h"
#include "taskdelays_keys.h"
#include "taskdelays_print.h"
#include "taskdelays_top.h"

struct td_opts {
	char mode;		/* 'p', 't', 'c', 'l' or 'T' */
	unsigned long id;
	const char *cpumask;
	char **argv;		/* command of -c */
	bool raw;
	bool verbose;
	bool self;		/* -c: the command's process only, not its tree */
	unsigned int interval_ms;
	unsigned int count;
	unsigned int lines;
	int sort;
	bool threads;
	bool full;
	bool active;
	bool json;
	bool by_uid;
	uint32_t uid;
	const char *name_pat;	/* -P */
	regex_t name_re;
	unsigned int nr_ids;	/* -p and -t given; with -T, filters */
	uint32_t ids[TD_TOP_MAX_PIDS];
	const char *cgroup;	/* -C: alone a mode, with -T in its head */
	char seen[64];		/* the options given, for td_check_applies() */
	struct td_acct acct;
};

/*
 * Set from the signal handler (lock-free atomics are signal safe): the
 * last SIGINT or SIGTERM and how many came.
 */
static int td_stop_sig, td_stop_count;

static void td_on_signal(int sig)
{
	__atomic_store_n(&td_stop_sig, sig, __ATOMIC_RELAXED);
	__atomic_add_fetch(&td_stop_count, 1, __ATOMIC_RELAXED);
}

static bool td_stopped(void)
{
	return __atomic_load_n(&td_stop_count, __ATOMIC_RELAXED);
}

static void td_usage(FILE *f)
{
	fprintf(f,
		"Usage: taskdelays [options] -p PID | -t TGID | -c CMD [ARG...] | -l | -T |\n"
		"                  -C DIR\n"
		"Per-task delay accounting statistics from the kernel's TASKSTATS\n"
		"generic netlink family (needs CAP_NET_ADMIN).\n"
		"\n"
		"  -p, --pid PID        delays of one thread\n"
		"  -t, --tgid TGID      delays summed over a thread group (process),\n"
		"                       including its exited threads (a thread's id:\n"
		"                       its process)\n"
		"  -c, --command CMD... run CMD with its arguments, report its delays\n"
		"                       when it exits and exit with its status, as\n"
		"                       time(1): 127 if it cannot be run, 128+N if\n"
		"                       killed by signal N; summed, as time(1) does,\n"
		"                       over its descendants that exited before it\n"
		"  -S, --self           -c reports the command's own process only\n"
		"  -l, --listen         print the exit record of every task exiting on\n"
		"                       the CPUs of -m, until interrupted or -n records\n"
		"  -m, --cpumask MASK   CPUs for -l and -c, e.g. 0-3,6 (default: all)\n"
		"  -C, --cgroup DIR     the tasks of cgroup DIR by state (running,\n"
		"                       sleeping, stopped, uninterruptible, io_wait)\n"
		"                       from CGROUPSTATS, which counts the directories\n"
		"                       of cgroup v1 hierarchies only; with -T in the\n"
		"                       head of every round\n"
		"  -T, --top            show the processes whose delays grow the most\n"
		"  -i, --interval MS    interval of -T, at least 100 (default 1000)\n"
		"  -n, --count N        stop -l after N records, -T after N rounds\n"
		"  -N, --lines N        rows shown by -T (default: 10, on a terminal\n"
		"                       as many as fit)\n"
		"  -s, --sort KEY       -T order: total (default), a delay type, mem,\n"
		"                       read, write, avg (AVGms: ms per wait) or\n"
		"                       events (EVENTS: waits in the interval), or a\n"
		"                       column's title (io, RD/s)\n"
		"  -H, --threads        -T shows threads instead of processes\n"
		"  -M, --memory         -T shows each memory delay in its own column\n"
		"                       instead of their sum, MEM\n"
		"  -o, --only           -T shows only tasks with a delay or I/O in the\n"
		"                       interval\n"
		"  -u, --user USER      -T shows only USER's tasks (name or uid)\n"
		"  -P, --name REGEX     -T shows only tasks whose name (COMM) matches\n"
		"                       REGEX, a POSIX extended regular expression\n"
		"                       (with -T, -p and -t name the tasks to show)\n"
		"  -J, --json           one JSON object per record, or per round of -T\n"
		"                       (-T -n N is the batch mode: N rounds, plain text;\n"
		"                       so is -T when stdin or stdout is not a terminal)\n"
		"  -r, --raw            print \"<type>: <count> <total_ns>\" lines, the\n"
		"                       format of /proc/<pid>/delays\n"
		"  -v, --verbose        also print the taskstats version and length\n"
		"  -h, --help           this text\n"
		"\n"
		"Delay types: cpu (waiting for a CPU), blkio (synchronous block I/O),\n"
		"swapin, freepages (memory reclaim), thrashing, compact, wpcopy\n"
		"(write-protect copy), irq (interrupt handling); mem is swapin to\n"
		"wpcopy together.  n/a when the kernel does not keep or collect one:\n"
		"only cpu is collected while kernel.task_delayacct is 0.  The max and\n"
		"min of a process are over the threads read: the kernel keeps none\n"
		"for exited threads.\n"
		"\n"
		"Keys of -T on a terminal: q quit; s, > or right arrow: next sort key;\n"
		"< or left arrow: previous; 0 total, 1-9 the Nth column after it;\n"
		"t total, c cpu, i blkio; m each memory delay or MEM; H threads or\n"
		"processes; o only active tasks; up, down, PgUp, PgDn, Home, End\n"
		"(or space, b, g, G) scroll; ^L redraw; ^T switch\n"
		"kernel.task_delayacct on or off (root only); / show only names that\n"
		"match a regular expression; ? or h list the keys.  In colour where\n"
		"the terminal has colours, unless NO_COLOR is set.\n"
		"\n"
		"The head of -T shows /proc/pressure (PSI): some and full, avg10,\n"
		"avg60, avg300 in percent and total stalled seconds, per resource.\n");
}

static int td_parse_uint(const char *s, unsigned long max, unsigned long *out)
{
	char *end;

	errno = 0;
	*out = strtoul(s, &end, 10);
	if (errno || end == s || *end || *out > max || s[0] == '-') {
		fprintf(stderr, "taskdelays: '%s' is not a number up to %lu\n",
			s, max);
		return -1;
	}
	return 0;
}

static int td_set_mode(struct td_opts *o, char mode)
{
	if (o->mode) {
		fprintf(stderr, "taskdelays: -%c and -%c cannot be combined\n",
			o->mode, mode);
		return -1;
	}
	o->mode = mode;
	return 0;
}

static int td_parse_user(const char *name, struct td_opts *o)
{
	struct passwd *pw = getpwnam(name);
	unsigned long v;

	o->by_uid = true;
	if (pw) {
		o->uid = pw->pw_uid;
		return 0;
	}
	if (strspn(name, "0123456789") != strlen(name)) {
		fprintf(stderr, "taskdelays: -u %s: no such user\n", name);
		return -1;
	}
	if (td_parse_uint(name, UINT32_MAX - 1, &v))
		return -1;
	o->uid = v;
	return 0;
}

/* Options that apply to some modes only, and those modes */
static const struct {
	char opt;
	const char *modes;
} td_applies[] = {
	{ 'm', "lc" }, { 'S', "c" }, { 'i', "T" }, { 'n', "lT" }, { 'N', "T" },
	{ 's', "T" }, { 'H', "T" }, { 'M', "T" }, { 'o', "T" }, { 'u', "T" },
	{ 'P', "T" },
	{ 'r', "ptclC" },
};

/* Refuse, with a message, an option the mode would not honour */
static int td_check_applies(const struct td_opts *o)
{
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(td_applies); i++) {
		const char *m = td_applies[i].modes;

		if (!strchr(o->seen, td_applies[i].opt) || strchr(m, o->mode))
			continue;
		fprintf(stderr, "taskdelays: -%c does not apply to -%c; it applies to",
			td_applies[i].opt, o->mode);
		for (j = 0; m[j]; j++)
			fprintf(stderr, "%s -%c", !j ? "" : m[j + 1] ? "," : " and",
				m[j]);
		fprintf(stderr, " only\n");
		return -1;
	}
	if (o->raw && o->json) {
		fprintf(stderr, "taskdelays: -r and -J cannot be combined\n");
		return -1;
	}
	return 0;
}

/* -P: a POSIX extended regular expression, refused naming it */
static int td_parse_name(const char *pat, struct td_opts *o)
{
	char why[128];
	int err;

	if (o->name_pat) {
		fprintf(stderr, "taskdelays: -P once only\n");
		return -1;
	}
	err = regcomp(&o->name_re, pat, REG_EXTENDED | REG_NOSUB);
	if (err) {
		regerror(err, &o->name_re, why, sizeof(why));
		fprintf(stderr, "taskdelays: -P '%s': %s\n", pat, why);
		return -1;
	}
	o->name_pat = pat;
	return 0;
}

static int td_parse_args(int argc, char **argv, struct td_opts *o)
{
	static const struct option lopts[] = {
		{ "pid", required_argument, NULL, 'p' },
		{ "tgid", required_argument, NULL, 't' },
		{ "command", no_argument, NULL, 'c' },
		{ "listen", no_argument, NULL, 'l' },
		{ "cpumask", required_argument, NULL, 'm' },
		{ "top", no_argument, NULL, 'T' },
		{ "cgroup", required_argument, NULL, 'C' },
		{ "interval", required_argument, NULL, 'i' },
		{ "count", required_argument, NULL, 'n' },
		{ "lines", required_argument, NULL, 'N' },
		{ "sort", required_argument, NULL, 's' },
		{ "threads", no_argument, NULL, 'H' },
		{ "memory", no_argument, NULL, 'M' },
		{ "only", no_argument, NULL, 'o' },
		{ "user", required_argument, NULL, 'u' },
		{ "name", required_argument, NULL, 'P' },
		{ "json", no_argument, NULL, 'J' },
		{ "raw", no_argument, NULL, 'r' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "self", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	char id_mode = 0, id_other = 0;
	unsigned long v;
	size_t nseen;
	int c;

	/* '+': stop at the command of -c, its options are its own */
	while ((c = getopt_long(argc, argv, "+p:t:clm:TC:i:n:N:s:HMou:P:JrvSh",
				lopts, NULL)) != -1) {
		nseen = strlen(o->seen);
		if (c != '?' && !strchr(o->seen, c) && nseen < sizeof(o->seen) - 1)
			o->seen[nseen] = c;
		switch (c) {
		case 'p':
		case 't':
			/* one task to report on, or with -T those to show */
			if (o->nr_ids == TD_TOP_MAX_PIDS) {
				fprintf(stderr, "taskdelays: at most %d of -p and -t\n",
					TD_TOP_MAX_PIDS);
				return -1;
			}
			if (td_parse_uint(optarg, UINT32_MAX, &v))
				return -1;
			o->ids[o->nr_ids++] = v;
			o->id = v;
			if (!id_mode)
				id_mode = c;
			else if (!id_other || id_other == id_mode)
				id_other = c;
			break;
		case 'c':
		case 'l':
		case 'T':
			if (td_set_mode(o, c))
				return -1;
			break;
		case 'C':
			if (o->cgroup) {
				fprintf(stderr, "taskdelays: -C once only\n");
				return -1;
			}
			o->cgroup = optarg;
			break;
		case 'm':
			/* the kernel's cpulist syntax; it checks the CPUs */
			if (!optarg[0] ||
			    optarg[strspn(optarg, "0123456789,-:/")]) {
				fprintf(stderr, "taskdelays: -m '%s': a CPU list such as 0-3,6 is needed\n",
					optarg);
				return -1;
			}
			o->cpumask = optarg;
			break;
		case 'i':
			if (td_parse_uint(optarg, 3600000, &v))
				return -1;
			if (v < 100) {
				fprintf(stderr, "taskdelays: -i %lu: the interval must be at least 100 ms (sampling every task takes time of its own)\n",
					v);
				return -1;
			}
			o->interval_ms = v;
			break;
		case 'n':
		case 'N':
			if (td_parse_uint(optarg, UINT32_MAX, &v))
				return -1;
			if (!v) {
				fprintf(stderr, "taskdelays: -%c 0: give at least 1 %s\n",
					c, c == 'n' ? "(leave -n out to run until interrupted)" :
					"row");
				return -1;
			}
			if (c == 'n')
				o->count = v;
			else
				o->lines = v;
			break;
		case 's':
			o->sort = td_col_by_name(optarg);
			if (o->sort < -1) {
				char keys[512];

				td_col_keys(keys, sizeof(keys));
				fprintf(stderr, "taskdelays: unknown sort key '%s'; the keys, or their column's title: %s\n",
					optarg, keys);
				return -1;
			}
			break;
		case 'H':
			o->threads = true;
			break;
		case 'M':
			o->full = true;
			break;
		case 'o':
			o->active = true;
			break;
		case 'u':
			if (td_parse_user(optarg, o))
				return -1;
			break;
		case 'P':
			if (td_parse_name(optarg, o))
				return -1;
			break;
		case 'J':
			o->json = true;
			break;
		case 'r':
			o->raw = true;
			break;
		case 'v':
			o->verbose = true;
			break;
		case 'S':
			o->self = true;
			break;
		case 'h':
			td_usage(stdout);
			exit(0);
		default:
			/* getopt said which; the whole usage would bury it */
			fprintf(stderr, "taskdelays: taskdelays --help lists the options\n");
			return -1;
		}
	}
	if (o->mode == 'c') {
		if (optind >= argc) {
			fprintf(stderr, "taskdelays: -c needs a command\n");
			return -1;
		}
		o->argv = &argv[optind];
	} else if (optind < argc) {
		fprintf(stderr, "taskdelays: unexpected argument '%s'\n",
			argv[optind]);
		return -1;
	}
	if (o->nr_ids && o->mode != 'T') {
		if (o->mode) {
			fprintf(stderr, "taskdelays: -%c and -%c cannot be combined\n",
				id_mode, o->mode);
			return -1;
		}
		if (o->nr_ids > 1) {
			fprintf(stderr, id_other == id_mode ?
				"taskdelays: -%c once only (or several with -T)\n" :
				"taskdelays: -%c and -%c cannot be combined (or both with -T)\n",
				id_mode, id_other);
			return -1;
		}
		o->mode = id_mode;
	}
	if (o->cgroup && o->mode != 'T') {
		if (o->mode) {
			fprintf(stderr, "taskdelays: -C and -%c cannot be combined\n",
				o->mode);
			return -1;
		}
		o->mode = 'C';
	}
	if (!o->mode) {
		td_usage(stderr);
		return -1;
	}
	/* a memory delay as sort key is shown in its own column */
	if (o->sort >= TD_SWAPIN && o->sort <= TD_WPCOPY)
		o->full = true;
	if (o->full && o->sort == TD_COL_MEM)
		o->sort = TD_SWAPIN;
	return td_check_applies(o);
}

static char *td_all_cpus(void)
{
	static char mask[32];
	long n = sysconf(_SC_NPROCESSORS_CONF);

	snprintf(mask, sizeof(mask), "0-%ld", n > 0 ? n - 1 : 0);
	return mask;
}

/*
 * One record, as text or JSON, after what the kernel collects (@acct);
 * whether accounting covered the task's life is said after it, or on
 * stderr with -r, whose lines are the /proc file's
 */
static void td_show_record(const struct td_opts *o, const struct td_acct *acct,
			   struct td_stats *st)
{
	td_acct_apply(acct, st);
	td_check_life(st);
	if (acct->on != 1)
		st->acct_late = TD_LATE_UNKNOWN;
	if (o->json) {
		td_print_stats_json(stdout, st, false);
		return;
	}
	td_print_stats(stdout, st, o->raw, o->verbose);
	td_print_late(o->raw ? stderr : stdout, o->raw ? "taskdelays: " : "# ",
		      st, acct);
}

/* @st's start from its age in a PID record, compared with @acct's switch */
static void td_late_from_record(const struct td_acct *acct, struct td_stats *st)
{
	uint64_t now = td_boot_ns(), age;

	if (!st->have_etime)
		return;
	age = st->etime_us * 1000;
	st->acct_late = td_since_late(&acct->since, age < now ? now - age : 0);
}

static void td_fold_thread(const struct td_stats *st, void *arg)
{
	td_minmax_fold(arg, st);
}

/*
 * The max and min of process @st from its live threads' PID records,
 * as the kernel's TGID record holds one thread's only.
 */
static void td_process_minmax(struct td_nl *nl, struct td_stats *st)
{
	struct dirent *de;
	char path[32];
	DIR *d;

	td_minmax_reset(st);
	snprintf(path, sizeof(path), "/proc/%" PRIu32 "/task", st->id);
	d = opendir(path);
	if (!d)
		return;
	while ((de = readdir(d))) {
		struct td_stats th;
		char *end;
		unsigned long tid = strtoul(de->d_name, &end, 10);

		if (de->d_name[0] < '0' || de->d_name[0] > '9' || *end ||
		    tid > UINT32_MAX)
			continue;
		if (!td_nl_query(nl, false, tid, &th))
			td_fold_thread(&th, st);
	}
	closedir(d);
}

/* Without CAP_NET_ADMIN: the ptrace-read rule of /proc/<pid>/delays */
static int td_query_proc(const struct td_opts *o, struct td_stats *st)
{
	bool tgid = o->mode == 't';
	int err = td_stats_from_proc(tgid, o->id, st);
	char path[64];

	td_proc_path(path, sizeof(path), o->id, o->id, !tgid, "delays");
	if (!err) {
		fprintf(stderr, "taskdelays: no CAP_NET_ADMIN for TASKSTATS; read %s instead\n",
			path);
		return 0;
	}
	if (err == -ENOENT && !o->acct.proc_file)
		fprintf(stderr, "taskdelays: %s %lu: TASKSTATS needs CAP_NET_ADMIN (run as root), and this kernel has no %s to read instead\n",
			tgid ? "tgid" : "pid", o->id, path);
	else if (err == -ENOENT)
		fprintf(stderr, "taskdelays: %s %lu: no such task\n",
			tgid ? "tgid" : "pid", o->id);
	else
		fprintf(stderr, "taskdelays: %s %lu: TASKSTATS needs CAP_NET_ADMIN (run as root), and %s: %s\n",
			tgid ? "tgid" : "pid", o->id, path, strerror(-err));
	return err;
}

static int td_query(struct td_nl *nl, const struct td_opts *o)
{
	bool tgid = o->mode == 't';
	struct td_stats st;
	char what[32];
	uint64_t start;
	uint32_t leader = o->id;
	int err, untracked;

	snprintf(what, sizeof(what), "%s %lu", tgid ? "tgid" : "pid", o->id);
	err = td_nl_query(nl, tgid, o->id, &st);
	if (err == -EPERM) {
		err = td_query_proc(o, &st);
		if (err)
			return err;
	} else if (err) {
		td_nl_explain(err, what);
		return err;
	} else if (tgid) {
		/* the kernel answers for a thread's process, named as asked */
		if (!td_proc_tgid(o->id, &leader) && leader != o->id)
			st.id = leader;
		td_process_minmax(nl, &st);
	}
	td_comm_from_proc(&st);
	if (st.id != o->id && !o->json)
		fprintf(o->raw ? stderr : stdout, "%s%lu is a thread of process %" PRIu32 ": these are the process's delays (-p %lu: the thread's)\n",
			o->raw ? "taskdelays: " : "# ", o->id, st.id, o->id);
	if (!td_proc_start_ns(st.id, st.id, !tgid, &start))
		st.acct_late = td_since_late(&o->acct.since, start);
	untracked = td_proc_untracked(st.id, o->id, !tgid);
	if (untracked > 0 && !tgid)	/* no storage: only cpu is real */
		td_acct_apply(&(struct td_acct){ .on = 0 }, &st);
	td_show_record(o, &o->acct, &st);
	if (untracked > 0 && !o->json)
		printf("# %d thread%s forked while accounting was off: only %s cpu delay is counted\n",
		       untracked, untracked == 1 ? "" : "s",
		       untracked == 1 ? "its" : "their");
	return 0;
}

/* Thread groups whose threads' max and min -l keeps, by tgid */
#define TD_GROUPS 1024

struct td_group {
	uint32_t tgid;		/* 0: free */
	struct td_stats threads;	/* max, min and count of its threads */
	uint64_t start_ns;	/* CLOCK_BOOTTIME: its first thread's start */
};

struct td_listen {
	const struct td_opts *o;
	struct td_acct acct;	/* followed while listening */
	unsigned int seen;
	char comm[33];		/* of the last PID record */
	struct td_group *groups;	/* TD_GROUPS, one per tgid % TD_GROUPS */
};

/* Start @g for thread group @tgid: every delay may get a max */
static void td_group_init(struct td_group *g, uint32_t tgid)
{
	int i;

	memset(g, 0, sizeof(*g));
	g->tgid = tgid;
	for (i = 0; i < TD_NR_DELAYS; i++)
		g->threads.delay[i].present = true;
}

/* Process @st's max and min: those folded over its threads in @threads */
static void td_use_threads(struct td_stats *st, const struct td_stats *threads)
{
	int i;

	td_minmax_reset(st);
	for (i = 0; i < TD_NR_DELAYS; i++) {
		struct td_delay_val *v = &st->delay[i];
		const struct td_delay_val *t = &threads->delay[i];

		v->have_minmax = v->present && t->have_minmax;
		v->max_ns = t->max_ns;
		v->min_ns = t->min_ns;
	}
	st->minmax_threads = threads->minmax_threads;
}

/*
 * Fold a PID record into its group's, or give a TGID record the max and
 * min of its group's threads seen exiting (none when a group with the
 * same slot took it meanwhile: the kernel's is one thread's).
 */
static void td_listen_minmax(struct td_listen *l, struct td_stats *rec)
{
	uint32_t tgid = rec->is_tgid ? rec->id : rec->tgid;
	struct td_group *g;

	if (!l->groups || (!rec->is_tgid && !rec->have_tgid))
		return;
	g = &l->groups[tgid % TD_GROUPS];
	if (!rec->is_tgid) {
		uint64_t now = td_boot_ns(), age = rec->etime_us * 1000;

		if (g->tgid != tgid) {
			td_group_init(g, tgid);
			g->start_ns = UINT64_MAX;
		}
		td_minmax_fold(&g->threads, rec);
		if (rec->have_etime && now - (age < now ? age : now) < g->start_ns)
			g->start_ns = now - (age < now ? age : now);
		return;
	}
	if (g->tgid == tgid) {
		td_use_threads(rec, &g->threads);
		if (g->start_ns != UINT64_MAX)
			rec->acct_late = td_since_late(&l->acct.since,
						       g->start_ns);
	}
	g->tgid = 0;
}

/*
 * An exit message is the PID record of the exiting thread, followed by
 * the TGID record when the whole group is gone.  The group's name is in
 * neither (and /proc has no more of it): use the last thread's.
 */
static void td_print_exit(const struct td_stats *st, void *arg)
{
	struct td_listen *l = arg;
	struct td_stats rec = *st;

	if (!rec.is_tgid && rec.have_comm)
		snprintf(l->comm, sizeof(l->comm), "%s", rec.comm);
	if (rec.is_tgid && !rec.have_comm && l->comm[0]) {
		snprintf(rec.comm, sizeof(rec.comm), "%s", l->comm);
		rec.have_comm = true;
	}
	/* the kernel's is one thread's */
	if (rec.is_tgid)
		td_minmax_reset(&rec);
	td_late_from_record(&l->acct, &rec);
	td_listen_minmax(l, &rec);
	if (l->o->count && l->seen >= l->o->count)
		return;
	td_show_record(l->o, &l->acct, &rec);
	fflush(stdout);
	l->seen++;
}

static int td_listen(struct td_nl *nl, const struct td_opts *o)
{
	const char *mask = o->cpumask ? o->cpumask : td_all_cpus();
	struct td_listen l = { .o = o, .acct = o->acct };
	int err;

	/* without it TGID records show no max or min */
	l.groups = calloc(TD_GROUPS, sizeof(*l.groups));

	err = td_nl_register(nl, mask, true);
	if (!err)	/* errors come back as a reply */
		err = td_nl_recv(nl, 200, td_print_exit, &l);
	if (err < 0 && err != -EAGAIN) {
		td_nl_explain(err, "register cpumask");
		free(l.groups);
		return err;
	}
	fprintf(stderr, "taskdelays: listening for exit records on CPUs %s\n",
		mask);
	err = 0;
	while (!td_stopped() && !(o->count && l.seen >= o->count)) {
		td_acct_follow(&l.acct);
		err = td_nl_recv(nl, 500, td_print_exit, &l);
		if (err == -EAGAIN || err == -EINTR || err >= 0) {
			err = 0;
			continue;
		}
		if (err == -ENOBUFS) {
			fprintf(stderr, "taskdelays: socket overrun, exit records were lost\n");
			err = 0;
			continue;
		}
		td_nl_explain(err, "listen");
		break;
	}
	td_nl_register(nl, mask, false);
	free(l.groups);
	return err;
}

/* Process groups of the command's tree, by tgid, as their records come */
#define TD_TREE_MAX 65536

struct td_child {
	pid_t pid;
	bool have_pid, have_tgid;
	struct td_stats pid_st, tgid_st;
	struct td_stats threads;	/* max and min over its threads */
	struct td_stats tree;		/* sum over the tree's PID records */
	bool lost;			/* the socket overran */
	unsigned int tree_tasks, tree_procs, tree_out;
	uint32_t *tgids;		/* the tree's processes seen */
};

static uint32_t td_tree_tgids[TD_TREE_MAX];

/* Whether process @tgid is in the command's tree; @add: it is now */
static bool td_in_tree(struct td_child *c, uint32_t tgid, bool add)
{
	unsigned int i;

	for (i = 0; i < c->tree_procs; i++)
		if (c->tgids[i] == tgid)
			return true;
	if (!add)
		return false;
	if (c->tree_procs == TD_TREE_MAX) {
		c->tree_out++;
		return false;
	}
	c->tgids[c->tree_procs++] = tgid;
	return true;
}

/*
 * Add the PID record of a thread of the command's tree: of the command,
 * or of a process whose parent (at its exit: the kernel fills ac_ppid
 * before it reparents) is in the tree
 */
static void td_tree_add(struct td_child *c, const struct td_stats *st)
{
	uint32_t tgid = st->have_tgid ? st->tgid : st->id;
	int i;

	if (st->is_tgid || !c->tgids)
		return;
	if (!td_in_tree(c, tgid, false) &&
	    !(st->have_ids && td_in_tree(c, st->ppid, false) &&
	      td_in_tree(c, tgid, true)))
		return;
	c->tree_tasks++;
	td_minmax_fold(&c->tree, st);
	for (i = 0; i < TD_NR_DELAYS; i++) {
		c->tree.delay[i].count += st->delay[i].count;
		c->tree.delay[i].total_ns += st->delay[i].total_ns;
		c->tree.delay[i].present &= st->delay[i].present;
	}
	c->tree.have_cpu_run &= st->have_cpu_run;
	c->tree.cpu_run_real_ns += st->cpu_run_real_ns;
	c->tree.cpu_run_virtual_ns += st->cpu_run_virtual_ns;
	c->tree.have_io &= st->have_io;
	c->tree.read_bytes += st->read_bytes;
	c->tree.write_bytes += st->write_bytes;
	c->tree.version = st->version;
	c->tree.len = st->len;
}

static void td_pick_child(const struct td_stats *st, void *arg)
{
	struct td_child *c = arg;

	td_tree_add(c, st);
	/* every thread of the child's group, for the process's max and min */
	if (!st->is_tgid && (st->id == (uint32_t)c->pid ||
			     (st->have_tgid && st->tgid == (uint32_t)c->pid)))
		td_minmax_fold(&c->threads, st);
	if (st->id != (uint32_t)c->pid)
		return;
	if (st->is_tgid) {
		c->tgid_st = *st;
		c->have_tgid = true;
	} else {
		c->pid_st = *st;
		c->have_pid = true;
	}
}

/*
 * Wait for the command, reading the exit records of its tree meanwhile
 * (a build's thousands would overrun the socket if left queued); pass
 * SIGINT or SIGTERM on to it (a terminal's SIGINT reaches it anyway),
 * and kill it when a second one comes
 */
static int td_wait_reading(struct td_nl *nl, struct td_child *c, int *status)
{
	int forwarded = 0, err;
	pid_t r;

	for (;;) {
		int count = __atomic_load_n(&td_stop_count, __ATOMIC_RELAXED);

		if (count > 1 && forwarded < 2) {
			kill(c->pid, SIGKILL);
			forwarded = 2;
		} else if (count == 1 && !forwarded) {
			kill(c->pid, __atomic_load_n(&td_stop_sig,
						     __ATOMIC_RELAXED));
			forwarded = 1;
		}
		r = waitpid(c->pid, status, WNOHANG);
		if (r == c->pid)
			return 0;
		if (r < 0 && errno != EINTR) {
			perror("taskdelays: waitpid");
			return -errno;
		}
		err = td_nl_recv(nl, 50, td_pick_child, c);
		if (err == -ENOBUFS)
			c->lost = true;
	}
}

/* How long to look for the child's exit record among other tasks' */
#define TD_RECORD_MS 2000

/*
 * Start the command; returns its pid, or -errno of execvp() when it
 * could not be run (the child has then exited), so that taskdelays
 * never reports on its own forked copy.
 */
static pid_t td_spawn(char **argv)
{
	int fd[2], err = 0;
	ssize_t n;
	pid_t pid;

	if (pipe2(fd, O_CLOEXEC)) {
		perror("taskdelays: pipe");
		return -errno;
	}
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		perror("taskdelays: fork");
		close(fd[0]);
		close(fd[1]);
		return -errno;
	}
	if (pid == 0) {
		close(fd[0]);
		execvp(argv[0], argv);
		err = errno;
		if (write(fd[1], &err, sizeof(err)) != sizeof(err))
			_exit(127);
		_exit(127);
	}
	close(fd[1]);
	/* closed on a successful exec, or the exec's errno */
	do
		n = read(fd[0], &err, sizeof(err));
	while (n < 0 && errno == EINTR);
	close(fd[0]);
	if (n != sizeof(err))
		return pid;
	waitpid(pid, NULL, 0);
	fprintf(stderr, "taskdelays: cannot run %s: %s\n", argv[0],
		strerror(err));
	return -err;
}

/* The command's exit status as time(1) gives it */
static int td_exit_status(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 1;
}

/*
 * The command's record: the TGID one when it had threads, with the max
 * and min taken over the threads' records, else its PID record.
 */
static void td_command_report(const struct td_opts *o, struct td_child *c,
			      int status)
{
	struct td_stats *st = c->have_tgid ? &c->tgid_st : &c->pid_st;
	struct td_acct acct = o->acct;

	/* switched on while the command ran: it started before */
	td_acct_follow(&acct);
	if (c->have_pid) {
		td_late_from_record(&acct, &c->pid_st);
		st->acct_late = c->pid_st.acct_late;
	}

	if (c->have_tgid) {
		if (!st->have_comm && c->have_pid) {
			memcpy(st->comm, c->pid_st.comm, sizeof(st->comm));
			st->have_comm = c->pid_st.have_comm;
		}
		td_use_threads(st, &c->threads);
	}
	/*
	 * The tree's sum under the command's name and start, when it has
	 * more than the command's own threads (whose sum is its record)
	 */
	if (c->tgids && c->tree_tasks > c->threads.minmax_threads) {
		c->tree.id = c->pid;
		memcpy(c->tree.comm, st->comm, sizeof(st->comm));
		c->tree.have_comm = st->have_comm;
		c->tree.acct_late = st->acct_late;
		st = &c->tree;
	}
	if (!o->json) {
		td_show_record(o, &acct, st);
		if (c->tgids)
			fprintf(o->raw ? stderr : stdout, "%ssummed over %u task%s: %s and the processes it started that exited before it%s (-S: its own only)\n",
				o->raw ? "taskdelays: " : "# ", c->tree_tasks,
				c->tree_tasks == 1 ? "" : "s", o->argv[0],
				c->tree_out ? ", some beyond what taskdelays keeps" : "");
		return;
	}
	td_acct_apply(&acct, st);
	td_check_life(st);
	if (acct.on != 1)
		st->acct_late = TD_LATE_UNKNOWN;
	td_print_stats_json(stdout, st, true);
	printf(",\"command\":");
	td_json_str(stdout, o->argv[0]);
	if (c->tgids)
		printf(",\"tasks\":%u", c->tree_tasks);
	else
		printf(",\"tasks\":null");
	if (WIFSIGNALED(status))
		printf(",\"exit_status\":%d,\"signal\":%d}\n",
		       td_exit_status(status), WTERMSIG(status));
	else
		printf(",\"exit_status\":%d,\"signal\":null}\n",
		       td_exit_status(status));
}

/*
 * Run the command and report its delays; returns its exit status as
 * time(1) does, even when its record could not be had (said on stderr).
 */
static int td_command(struct td_nl *nl, const struct td_opts *o)
{
	const char *mask = o->cpumask ? o->cpumask : td_all_cpus();
	struct td_child c = { 0 };
	struct timespec start, now;
	int status, err, i;

	for (i = 0; i < TD_NR_DELAYS; i++) {
		c.threads.delay[i].present = true;
		c.tree.delay[i].present = true;
	}
	c.tree.have_cpu_run = c.tree.have_io = true;
	c.tree.is_tgid = true;
	c.tree.is_tree = true;
	c.tree.acct_late = -1;
	if (!o->self)
		c.tgids = td_tree_tgids;
	/* Register before the fork so the child's exit record is not missed */
	err = td_nl_register(nl, mask, true);
	if (!err)
		err = td_nl_recv(nl, 200, td_pick_child, &c);
	if (err < 0 && err != -EAGAIN) {
		td_nl_explain(err, "register cpumask");
		return 1;
	}
	c.pid = td_spawn(o->argv);
	if (c.pid > 0 && c.tgids)
		td_in_tree(&c, c.pid, true);
	if (c.pid < 0) {
		td_nl_register(nl, mask, false);
		return c.pid == -ENOENT ? 127 : c.pid == -EAGAIN ||
		       c.pid == -ENOMEM ? 1 : 126;
	}
	err = td_wait_reading(nl, &c, &status);
	if (err)
		return 1;
	/*
	 * The kernel queues every exit record of the child (the TGID one
	 * comes with the last thread's) before it wakes its parent, so they
	 * are in the queue now, ahead of the records of tasks that exit
	 * later.  Read until the TGID record or an empty queue, without
	 * waiting for a pause that a busy system never makes; the time
	 * bound only matters when records come faster than we read.
	 */
	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		err = td_nl_recv(nl, 0, td_pick_child, &c);
		if (err == -ENOBUFS) {
			c.lost = true;
			continue;
		}
		if (err < 0 && err != -EINTR)
			break;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (c.have_tgid ||
		    (now.tv_sec - start.tv_sec) * 1000 +
		    (now.tv_nsec - start.tv_nsec) / 1000000 > TD_RECORD_MS) {
			err = -EAGAIN;
			break;
		}
	}
	td_nl_register(nl, mask, false);
	/* no report, but the status is still the command's, as time(1)'s */
	if (err != -EAGAIN) {
		td_nl_explain(err, "command");
		return td_exit_status(status);
	}
	if (!c.have_pid && !c.have_tgid) {
		fprintf(stderr, "taskdelays: no exit record for %s (pid %d); %s\n",
			o->argv[0], c.pid, c.lost ?
			"the socket overran and records were lost" :
			"it exited on a CPU outside -m's mask");
		return td_exit_status(status);
	}
	td_command_report(o, &c, status);
	if (WIFEXITED(status))
		fprintf(stderr, "taskdelays: %s exited with status %d\n",
			o->argv[0], WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		fprintf(stderr, "taskdelays: %s killed by signal %d\n",
			o->argv[0], WTERMSIG(status));
	return td_exit_status(status);
}

/* -C alone: the cgroup's tasks by state, once */
static int td_cgroup(struct td_nl *nl, const struct td_opts *o,
		     struct td_cg *cg)
{
	if (td_cg_read(nl, cg)) {
		fprintf(stderr, "taskdelays: -C %s: %s\n", cg->path, cg->why);
		return 1;
	}
	if (o->json) {
		td_cg_json(stdout, cg);
		printf("\n");
	} else {
		td_cg_print(stdout, cg, o->raw);
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct td_opts o = { .interval_ms = 1000, .sort = TD_COL_TOTAL };
	struct td_top_opts top;
	struct sigaction sa = { .sa_handler = td_on_signal };
	const char *warn;
	struct td_cg cg = { .fd = -1 };
	struct td_nl nl;
	int err;

	if (td_parse_args(argc, argv, &o))
		return 2;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	td_acct_read(&o.acct);
	td_since_follow(&o.acct.since, o.acct.on);
	/* -T says it in every round, on the screen too */
	warn = td_acct_warning(&o.acct);
	if (warn && o.mode != 'T' && o.mode != 'C')
		td_print_lines(stderr, "taskdelays: ", warn);
	if (o.cgroup && td_cg_open(&cg, o.cgroup))
		return 1;

	err = td_nl_open(&nl);
	if (err) {
		td_cg_close(&cg);
		return 1;
	}
	if (o.verbose)
		fprintf(stderr, "taskdelays: family %s id %d version %u maxattr %u\n",
			"TASKSTATS", nl.family, nl.family_version,
			nl.family_maxattr);
	switch (o.mode) {
	case 'p':
	case 't':
		err = td_query(&nl, &o) ? 1 : 0;
		break;
	case 'l':
		err = td_listen(&nl, &o) ? 1 : 0;
		break;
	case 'c':
		err = td_command(&nl, &o);
		break;
	case 'C':
		err = td_cgroup(&nl, &o, &cg);
		break;
	case 'T':
		/* a cgroup the kernel does not count is refused at once */
		if (o.cgroup && td_cg_read(&nl, &cg)) {
			fprintf(stderr, "taskdelays: -C %s: %s\n", cg.path, cg.why);
			err = 1;
			break;
		}
		top = (struct td_top_opts){
			.interval_ms = o.interval_ms, .iterations = o.count,
			.lines = o.lines, .sort = o.sort, .threads = o.threads,
			.full = o.full, .active = o.active, .json = o.json,
			.by_uid = o.by_uid, .uid = o.uid, .nr_pids = o.nr_ids,
			.name_pat = o.name_pat,
			.name_re = o.name_pat ? &o.name_re : NULL,
			.cg = o.cgroup ? &cg : NULL,
			.stopped = td_stopped,
			/* batch: a count, JSON, or not a terminal */
			.interactive = !o.count && !o.json && isatty(STDIN_FILENO) &&
				       isatty(STDOUT_FILENO),
		};
		memcpy(top.pids, o.ids, sizeof(top.pids));
		err = td_top(&nl, &top) ? 1 : 0;
		break;
	}
	td_nl_close(&nl);
	td_cg_close(&cg);
	return err;
}
