// SPDX-License-Identifier: GPL-2.0
/*
 * The average wait (AVGms) and the waits of the interval (EVENTS) of
 * taskdelays -T: for a child that wakes up every half millisecond, the
 * JSON's events are the sum of its delays' events and avg_ms their time
 * over them; its cpu waits are no more than /proc/<pid>/schedstat
 * counted (pcount: the times it ran) over the whole run, and at least
 * one; the text view sorts by each column (-s avg, -s events), the
 * highest first and n/a last.  Runs on the build host too.
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"

#define MAX_ROWS 2048

static char out[1 << 20];
static struct row rows[MAX_ROWS];

/* A child that sleeps half a millisecond at a time: it waits often */
static pid_t waker(void)
{
	pid_t pid = fork();
	struct timespec ts = { .tv_nsec = 500000 };

	if (pid == 0) {
		for (;;)
			nanosleep(&ts, NULL);
	}
	return pid;
}

/* Run time, run-queue wait and pcount of /proc/@pid/schedstat */
static bool read_schedstat(pid_t pid, unsigned long long v[3])
{
	char path[64];
	FILE *f;
	int n;

	snprintf(path, sizeof(path), "/proc/%d/schedstat", pid);
	f = fopen(path, "r");
	if (!f)
		return false;
	n = fscanf(f, "%llu %llu %llu", &v[0], &v[1], &v[2]);
	fclose(f);
	return n == 3;
}

/*
 * In the task object of @id in round @json: the sum of its delays' ns
 * and events, its cpu events, and its avg_ms and events; false when one
 * is missing
 */
static bool task_waits(const char *json, pid_t id, unsigned long long *ns,
		       unsigned long long *ev, unsigned long long *cpu_ev,
		       double *avg, unsigned long long *events)
{
	unsigned long long cpu_ns;
	char key[48];
	const char *t, *d, *end, *p;

	snprintf(key, sizeof(key), "{\"id\":%d,", id);
	t = strstr(json, key);
	d = t ? strstr(t, "\"delays\":{") : NULL;
	end = d ? strstr(d, "},\"avg_ms\":") : NULL;
	if (!end)
		return false;
	*ns = 0;
	*ev = 0;
	if (sscanf(d, "\"delays\":{\"cpu\":{\"ns\":%llu,\"events\":%llu",
		   &cpu_ns, cpu_ev) != 2)
		return false;
	for (p = strstr(d, "\"ns\":"); p && p < end; p = strstr(p + 1, "\"ns\":")) {
		unsigned long long a, b;

		if (sscanf(p, "\"ns\":%llu,\"events\":%llu", &a, &b) != 2)
			return false;
		*ns += a;
		*ev += b;
	}
	return sscanf(end, "},\"avg_ms\":%lf,\"events\":%llu", avg, events) == 2;
}

static void test_json(pid_t child)
{
	char arg[16];
	char *const argv[] = { td_client(), "-T", "-J", "-n", "2", "-i", "300",
			       "-p", arg, NULL };
	unsigned long long before[3], after[3], ns, ev, cpu_ev, events;
	unsigned long long sum_ev = 0;
	const char *line;
	bool ok = true, sums = true;
	int rounds = 0, rc;
	double avg;

	snprintf(arg, sizeof(arg), "%d", child);
	ok = read_schedstat(child, before);
	rc = run_capture(argv, 0, 0, out, sizeof(out));
	ok = ok && read_schedstat(child, after) && !rc;
	for (line = out; ok && (line = strstr(line, "{\"timestamp\":")); line++) {
		if (!task_waits(line, child, &ns, &ev, &cpu_ev, &avg, &events)) {
			ksft_print_msg("round %d: no avg_ms and events of %d\n",
				       rounds, child);
			sums = false;
			break;
		}
		/* avg_ms has 6 decimals: a nanosecond per wait */
		if (events != ev || !events ||
		    avg * 1e6 * events < ns - (double)events - 1 ||
		    avg * 1e6 * events > ns + (double)events + 1) {
			ksft_print_msg("round %d: events %llu, sum %llu; avg %.6f ms, sum %llu ns\n",
				       rounds, events, ev, avg, ns);
			sums = false;
		}
		/* cpu's count is the times it ran, as schedstat's pcount */
		sum_ev += cpu_ev;
		rounds++;
	}
	if (!ok || !sums || rounds != 2)
		print_diag_lines("taskdelays -T -J", out);
	ksft_test_result(ok && sums && rounds == 2,
			 "-T -J: events are the delays' events, avg_ms their time over them (%d rounds)\n",
			 rounds);
	ok = ok && sums && rounds == 2 && sum_ev >= 1 &&
	     sum_ev <= after[2] - before[2];
	ksft_test_result(ok, "-T -J: %llu cpu waits, between 1 and schedstat's %llu runs\n",
			 sum_ev, after[2] - before[2]);
}

/* -s @key sorts the rows by column @title, the highest first, n/a last */
static void test_sort(const char *key, const char *title)
{
	char *const argv[] = { td_client(), "-T", "-H", "-n", "1", "-i", "300",
			       "-N", "100000", "-s", (char *)key, NULL };
	char by[32];
	struct table t;
	int rc, n, i, col;
	bool ok;

	rc = run_capture(argv, 0, 0, out, sizeof(out));
	n = table_parse(out, &t, rows, MAX_ROWS);
	col = n > 0 ? table_col(&t, title) : -1;
	snprintf(by, sizeof(by), ", by %s:", key);
	ok = !rc && n > 1 && col >= 0 && strstr(out, by);
	for (i = 1; ok && i < n; i++) {
		double a = rows[i - 1].na[col] ? -1 : rows[i - 1].val[col];
		double b = rows[i].na[col] ? -1 : rows[i].val[col];

		if (a < b) {
			ksft_print_msg("row %d (%d): %s %.3f after %.3f\n", i,
				       rows[i].id, title, b, a);
			ok = false;
		}
	}
	if (!ok)
		print_diag_lines("taskdelays -T -H -s", out);
	ksft_test_result(ok, "-s %s: %d threads in order of %s\n", key, n,
			 title);
}

int main(void)
{
	pid_t child;

	td_begin();
	ksft_set_plan(2 + 2);
	child = waker();
	if (child < 0)
		ksft_exit_fail_msg("fork failed\n");
	test_json(child);
	test_sort("avg", "AVGms");
	test_sort("events", "EVENTS");
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	ksft_finished();
}
