// SPDX-License-Identifier: GPL-2.0
/*
 * taskdelays - per-task delay accounting statistics over TASKSTATS
 *
 * Does what tools/accounting/getdelays.c does, on libnl-genl-3, without
 * assuming the size or version of struct taskstats.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "taskstats_nl.h"
#include "taskdelays_print.h"
#include "taskdelays_top.h"

struct td_opts {
	char mode;		/* 'p', 't', 'c', 'l' or 'T' */
	unsigned long id;
	const char *cpumask;
	char **argv;		/* command of -c */
	bool raw;
	bool verbose;
	unsigned int interval_ms;
	unsigned int count;
	unsigned int lines;
	int sort;
	bool threads;
	bool json;
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
		"Usage: taskdelays [options] -p PID | -t TGID | -c CMD [ARG...] | -l | -T\n"
		"Per-task delay accounting statistics from the kernel's TASKSTATS\n"
		"generic netlink family (needs CAP_NET_ADMIN).\n"
		"\n"
		"  -p, --pid PID        delays of one thread\n"
		"  -t, --tgid TGID      delays summed over a thread group (process),\n"
		"                       including its exited threads\n"
		"  -c, --command CMD... run CMD with its arguments and report its delays\n"
		"                       when it exits\n"
		"  -l, --listen         print the exit record of every task exiting on\n"
		"                       the CPUs of -m, until interrupted or -n records\n"
		"  -m, --cpumask MASK   CPUs for -l and -c, e.g. 0-3,6 (default: all)\n"
		"  -T, --top            show the processes whose delays grow the most\n"
		"  -i, --interval MS    interval of -T (default 1000)\n"
		"  -n, --count N        stop -l after N records, -T after N rounds\n"
		"  -N, --lines N        processes shown by -T (default 10)\n"
		"  -s, --sort KEY       -T order: total (default) or a delay type\n"
		"  -H, --threads        -T shows threads instead of processes\n"
		"  -J, --json           -T prints one JSON object per round\n"
		"                       (-T -n N is the batch mode: N rounds, plain text;\n"
		"                       so is -T when stdin or stdout is not a terminal)\n"
		"  -r, --raw            print \"<type>: <count> <total_ns>\" lines, the\n"
		"                       format of /proc/<pid>/delays\n"
		"  -v, --verbose        also print the taskstats version and length\n"
		"  -h, --help           this text\n"
		"\n"
		"Delay types: cpu (waiting for a CPU), blkio (synchronous block I/O),\n"
		"swapin, freepages (memory reclaim), thrashing, compact, wpcopy\n"
		"(write-protect copy); n/a when the kernel is too old to keep one.\n"
		"Only cpu grows unless kernel.task_delayacct is 1.\n"
		"\n"
		"Keys of -T on a terminal: q quit; s, > or right arrow: next sort key;\n"
		"< or left arrow: previous; 0 total, 1-8 the Nth delay column; t total,\n"
		"c cpu, i blkio; H threads or processes; ^L redraw.\n");
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

static int td_parse_args(int argc, char **argv, struct td_opts *o)
{
	static const struct option lopts[] = {
		{ "pid", required_argument, NULL, 'p' },
		{ "tgid", required_argument, NULL, 't' },
		{ "command", no_argument, NULL, 'c' },
		{ "listen", no_argument, NULL, 'l' },
		{ "cpumask", required_argument, NULL, 'm' },
		{ "top", no_argument, NULL, 'T' },
		{ "interval", required_argument, NULL, 'i' },
		{ "count", required_argument, NULL, 'n' },
		{ "lines", required_argument, NULL, 'N' },
		{ "sort", required_argument, NULL, 's' },
		{ "threads", no_argument, NULL, 'H' },
		{ "json", no_argument, NULL, 'J' },
		{ "raw", no_argument, NULL, 'r' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ }
	};
	unsigned long v;
	int c;

	/* '+': stop at the command of -c, its options are its own */
	while ((c = getopt_long(argc, argv, "+p:t:clm:Ti:n:N:s:HJrvh", lopts,
				NULL)) != -1) {
		switch (c) {
		case 'p':
		case 't':
			if (td_set_mode(o, c) ||
			    td_parse_uint(optarg, UINT32_MAX, &o->id))
				return -1;
			break;
		case 'c':
		case 'l':
		case 'T':
			if (td_set_mode(o, c))
				return -1;
			break;
		case 'm':
			o->cpumask = optarg;
			break;
		case 'i':
			if (td_parse_uint(optarg, 3600000, &v) || !v)
				return -1;
			o->interval_ms = v;
			break;
		case 'n':
			if (td_parse_uint(optarg, UINT32_MAX, &v))
				return -1;
			o->count = v;
			break;
		case 'N':
			if (td_parse_uint(optarg, UINT32_MAX, &v))
				return -1;
			o->lines = v;
			break;
		case 's':
			o->sort = td_top_sort_key(optarg);
			if (o->sort < -1) {
				fprintf(stderr, "taskdelays: unknown sort key '%s'\n",
					optarg);
				return -1;
			}
			break;
		case 'H':
			o->threads = true;
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
		case 'h':
			td_usage(stdout);
			exit(0);
		default:
			td_usage(stderr);
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
	if (!o->mode) {
		td_usage(stderr);
		return -1;
	}
	return 0;
}

static char *td_all_cpus(void)
{
	static char mask[32];
	long n = sysconf(_SC_NPROCESSORS_CONF);

	snprintf(mask, sizeof(mask), "0-%ld", n > 0 ? n - 1 : 0);
	return mask;
}

static int td_query(struct td_nl *nl, const struct td_opts *o)
{
	struct td_stats st;
	char what[32];
	int err;

	snprintf(what, sizeof(what), "%s %lu", o->mode == 't' ? "tgid" : "pid",
		 o->id);
	err = td_nl_query(nl, o->mode == 't', o->id, &st);
	if (err == -EPERM) {
		/* without CAP_NET_ADMIN: the ptrace-read rule of /proc */
		int perr = td_stats_from_proc(o->mode == 't', o->id, &st);

		if (!perr) {
			fprintf(stderr, "taskdelays: no CAP_NET_ADMIN for TASKSTATS; read /proc/%lu%s/delays instead\n",
				o->id, o->mode == 't' ? "" : "/task/<tid>");
			err = 0;
		} else {
			fprintf(stderr, "taskdelays: %s: /proc/<pid>/delays: %s\n",
				what, strerror(-perr));
		}
	}
	if (err) {
		td_nl_explain(err, what);
		return err;
	}
	td_comm_from_proc(&st);
	td_print_stats(stdout, &st, o->raw, o->verbose);
	return 0;
}

struct td_listen {
	const struct td_opts *o;
	unsigned int seen;
	char comm[33];		/* of the last PID record */
};

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
	if (l->o->count && l->seen >= l->o->count)
		return;
	td_print_stats(stdout, &rec, l->o->raw, l->o->verbose);
	fflush(stdout);
	l->seen++;
}

static int td_listen(struct td_nl *nl, const struct td_opts *o)
{
	const char *mask = o->cpumask ? o->cpumask : td_all_cpus();
	struct td_listen l = { .o = o };
	int err;

	err = td_nl_register(nl, mask, true);
	if (!err)	/* errors come back as a reply */
		err = td_nl_recv(nl, 200, td_print_exit, &l);
	if (err < 0 && err != -EAGAIN) {
		td_nl_explain(err, "register cpumask");
		return err;
	}
	fprintf(stderr, "taskdelays: listening for exit records on CPUs %s\n",
		mask);
	err = 0;
	while (!td_stopped() && !(o->count && l.seen >= o->count)) {
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
	return err;
}

struct td_child {
	pid_t pid;
	bool have_pid, have_tgid;
	struct td_stats pid_st, tgid_st;
};

static void td_pick_child(const struct td_stats *st, void *arg)
{
	struct td_child *c = arg;

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
 * Wait for the child; pass SIGINT or SIGTERM on to it (a terminal's
 * SIGINT reaches it anyway), and kill it when a second one comes.
 */
static int td_wait_child(pid_t pid, int *status)
{
	int forwarded = 0;

	while (waitpid(pid, status, 0) < 0) {
		int count = __atomic_load_n(&td_stop_count, __ATOMIC_RELAXED);

		if (errno != EINTR) {
			perror("taskdelays: waitpid");
			return -errno;
		}
		if (count > 1 && forwarded < 2) {
			kill(pid, SIGKILL);
			forwarded = 2;
		} else if (count == 1 && !forwarded) {
			kill(pid, __atomic_load_n(&td_stop_sig,
						  __ATOMIC_RELAXED));
			forwarded = 1;
		}
	}
	return 0;
}

/* How long to look for the child's exit record among other tasks' */
#define TD_RECORD_MS 2000

static int td_command(struct td_nl *nl, const struct td_opts *o)
{
	const char *mask = o->cpumask ? o->cpumask : td_all_cpus();
	struct td_child c = { 0 };
	struct timespec start, now;
	int status, err;
	bool lost = false;

	/* Register before the fork so the child's exit record is not missed */
	err = td_nl_register(nl, mask, true);
	if (!err)
		err = td_nl_recv(nl, 200, td_pick_child, &c);
	if (err < 0 && err != -EAGAIN) {
		td_nl_explain(err, "register cpumask");
		return err;
	}
	fflush(NULL);
	c.pid = fork();
	if (c.pid < 0) {
		perror("taskdelays: fork");
		return -errno;
	}
	if (c.pid == 0) {
		execvp(o->argv[0], o->argv);
		fprintf(stderr, "taskdelays: cannot run %s: %s\n", o->argv[0],
			strerror(errno));
		_exit(127);
	}
	err = td_wait_child(c.pid, &status);
	if (err)
		return err;
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
			lost = true;
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
	if (err != -EAGAIN) {
		td_nl_explain(err, "command");
		return err;
	}
	if (!c.have_pid && !c.have_tgid) {
		fprintf(stderr, "taskdelays: no exit record for %s (pid %d); %s\n",
			o->argv[0], c.pid, lost ?
			"the socket overran and records were lost" :
			"did it exit on a CPU outside the mask?");
		return -ENOENT;
	}
	if (c.have_tgid && !c.tgid_st.have_comm && c.have_pid) {
		memcpy(c.tgid_st.comm, c.pid_st.comm, sizeof(c.tgid_st.comm));
		c.tgid_st.have_comm = c.pid_st.have_comm;
	}
	td_print_stats(stdout, c.have_tgid ? &c.tgid_st : &c.pid_st, o->raw,
		       o->verbose);
	if (WIFEXITED(status))
		fprintf(stderr, "taskdelays: %s exited with status %d\n",
			o->argv[0], WEXITSTATUS(status));
	else if (WIFSIGNALED(status))
		fprintf(stderr, "taskdelays: %s killed by signal %d\n",
			o->argv[0], WTERMSIG(status));
	return 0;
}

int main(int argc, char **argv)
{
	struct td_opts o = { .interval_ms = 1000, .lines = 10, .sort = -1 };
	struct td_top_opts top;
	struct sigaction sa = { .sa_handler = td_on_signal };
	struct td_nl nl;
	int err;

	if (td_parse_args(argc, argv, &o))
		return 2;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	td_check_delayacct();

	err = td_nl_open(&nl);
	if (err)
		return 1;
	if (o.verbose)
		fprintf(stderr, "taskdelays: family %s id %d version %u maxattr %u\n",
			"TASKSTATS", nl.family, nl.family_version,
			nl.family_maxattr);
	switch (o.mode) {
	case 'p':
	case 't':
		err = td_query(&nl, &o);
		break;
	case 'l':
		err = td_listen(&nl, &o);
		break;
	case 'c':
		err = td_command(&nl, &o);
		break;
	case 'T':
		top = (struct td_top_opts){
			.interval_ms = o.interval_ms, .iterations = o.count,
			.lines = o.lines, .sort = o.sort, .threads = o.threads,
			.json = o.json, .stopped = td_stopped,
			/* batch: a count, JSON, or not a terminal */
			.interactive = !o.count && !o.json && isatty(STDIN_FILENO) &&
				       isatty(STDOUT_FILENO),
		};
		err = td_top(&nl, &top);
		break;
	}
	td_nl_close(&nl);
	return err ? 1 : 0;
}
