// SPDX-License-Identifier: GPL-2.0
/*
 * A process's max and min are its threads' extremes.  The kernel's TGID
 * record has the max and min of the last thread it added up
 * (delayacct_add_tsk() assigns them thread by thread), so a process
 * whose worst delay is in a worker thread showed a much smaller one.
 * Here three workers pinned to one CPU wait for it while they spin, then
 * park; a last thread that hardly waited is created after them, so the
 * kernel's value is its own.  taskdelays -t must show the largest max
 * and the smallest min of the threads that taskdelays -p shows, and say
 * over how many threads; -c and -l of the same program the largest over
 * all its threads' exit records.  Runs on the build host too (cpu delay
 * is collected there even with accounting off); on a kernel whose TASKSTATS
 * has no max or min (before version 15, Linux 6.16) it checks that none
 * is shown.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"

#define WORKERS 3
#define SPIN_MS 500

static pthread_barrier_t spun;

static void *worker(void *arg)
{
	(void)arg;
	spin_ms(SPIN_MS);
	pthread_barrier_wait(&spun);
	pause();
	return NULL;
}

static void *last(void *arg)
{
	(void)arg;
	pause();
	return NULL;
}

/* All on CPU 0, so that the workers wait for each other */
static void group(void *arg)
{
	pthread_t t[WORKERS + 1];
	cpu_set_t one;
	int i;

	(void)arg;
	CPU_ZERO(&one);
	CPU_SET(0, &one);
	sched_setaffinity(0, sizeof(one), &one);
	pthread_barrier_init(&spun, NULL, WORKERS + 1);
	for (i = 0; i < WORKERS; i++)
		pthread_create(&t[i], NULL, worker, NULL);
	pthread_barrier_wait(&spun);
	usleep(20000);		/* the workers are parked: CPU 0 is free */
	pthread_create(&t[WORKERS], NULL, last, NULL);
	usleep(20000);
}

struct mm {
	unsigned long long max, min;
};

static bool client_mm(const char *mode, pid_t id, struct mm *m, char *out,
		      size_t len)
{
	char arg[16];
	char *const argv[] = { td_client(), "-J", (char *)mode, arg, NULL };

	snprintf(arg, sizeof(arg), "%d", id);
	if (run_capture(argv, 0, 0, out, len)) {
		print_diag_lines("taskdelays", out);
		return false;
	}
	return json_delay(out, "cpu", "max_ns", &m->max) &&
	       json_delay(out, "cpu", "min_ns", &m->min);
}

static void test_tgid(void)
{
	char out[8192], path[64], arg[16];
	char *const text[] = { td_client(), "-t", arg, NULL };
	struct mm proc, th, want = { 0, ~0ULL }, kern = { 0, 0 };
	struct child c = { 0 };
	unsigned long long threads = 0;
	int n = 0, bad = 0;
	struct dirent *de;
	DIR *d;

	fork_child(&c, group, NULL);
	start_child(&c);
	if (wait_stopped(&c))
		ksft_exit_fail_msg("the thread group did not stop\n");
	snprintf(path, sizeof(path), "/proc/%d/task", c.pid);
	d = opendir(path);
	while (d && (de = readdir(d))) {
		pid_t tid = atoi(de->d_name);

		if (tid <= 0)
			continue;
		if (!client_mm("-p", tid, &th, out, sizeof(out))) {
			bad++;
			continue;
		}
		ksft_print_msg("thread %d: cpu max %llu min %llu ns\n", tid,
			       th.max, th.min);
		n++;
		if (th.max > want.max)
			want.max = th.max;
		if (th.min && th.min < want.min)
			want.min = th.min;
		/* readdir lists the threads in the kernel's order */
		kern = th;
	}
	if (d)
		closedir(d);
	if (!client_mm("-t", c.pid, &proc, out, sizeof(out)) ||
	    !strstr(out, "\"minmax_threads\":") ||
	    sscanf(strstr(out, "\"minmax_threads\":") + 17, "%llu", &threads) != 1)
		bad++;
	ksft_print_msg("process: cpu max %llu min %llu ns over %llu threads; the last thread's max %llu\n",
		       proc.max, proc.min, threads, kern.max);
	ksft_test_result(!bad && n == WORKERS + 2 && threads == (unsigned int)n &&
			 proc.max == want.max && proc.min == want.min,
			 "-t: max and min over the %d threads are the threads' extremes\n",
			 n);
	ksft_test_result(want.max > kern.max,
			 "the input tells them apart: a worker's max %llu ns > the last thread's %llu ns\n",
			 want.max, kern.max);
	snprintf(arg, sizeof(arg), "%d", c.pid);
	run_capture(text, 0, 0, out, sizeof(out));
	snprintf(path, sizeof(path), "over the %d threads read", n);
	ksft_test_result(strstr(out, path) != NULL,
			 "-t says the max and min are over the %d threads read\n",
			 n);
	kill_child(&c);
}

/* -c of this program in --group mode: every thread's exit record */
static void test_command(const char *self)
{
	char *const argv[] = { td_client(), "-J", "-c", (char *)self, "--group",
			       NULL };
	unsigned long long max = 0, threads = 0;
	char out[8192];
	const char *p;
	int rc;

	rc = run_capture(argv, 0, 0, out, sizeof(out));
	p = strstr(out, "\"minmax_threads\":");
	if (rc || !p || sscanf(p + 17, "%llu", &threads) != 1 ||
	    !json_delay(out, "cpu", "max_ns", &max))
		print_diag_lines("taskdelays -c", out);
	ksft_test_result(!rc && strstr(out, "\"type\":\"tgid\"") &&
			 threads == WORKERS + 2 && max >= 1000000,
			 "-c: the max over all %llu threads' exit records (%llu ns)\n",
			 threads, max);
}

/* Read @fd into @out until @want shows up or @ms pass */
static bool read_until(int fd, char *out, size_t len, size_t *have,
		       const char *want, int ms)
{
	uint64_t end = now_ns() + ms * 1000000ULL;

	while (!strstr(out, want)) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		int64_t left = (int64_t)(end - now_ns()) / 1000000;
		ssize_t n;

		if (left <= 0 || poll(&pfd, 1, left) <= 0)
			return false;
		n = read(fd, out + *have, len - *have - 1);
		if (n <= 0)
			return false;
		*have += n;
		out[*have] = '\0';
	}
	return true;
}

/* -l: the TGID record of this program in --group mode */
static void test_listen(const char *self)
{
	static char out[1 << 20];
	char *const argv[] = { td_client(), "-J", "-l", NULL };
	char *const group[] = { (char *)self, "--group", NULL };
	unsigned long long max = 0, threads = 0;
	char want[64], *rec, *end;
	size_t have = 0;
	pid_t l, g;
	int fd;

	out[0] = '\0';
	l = spawn_piped(argv, 0, 0, &fd);
	if (l < 0 || !read_until(fd, out, sizeof(out), &have, "listening", 10000)) {
		ksft_test_result_fail("-l: the listener did not start\n");
		return;
	}
	fflush(NULL);
	g = fork();
	if (g == 0) {
		execv(self, group);
		_exit(127);
	}
	waitpid(g, NULL, 0);
	snprintf(want, sizeof(want), "{\"type\":\"tgid\",\"id\":%d,", g);
	read_until(fd, out, sizeof(out), &have, want, 10000);
	read_until(fd, out, sizeof(out), &have, "\n", 1000);
	kill(l, SIGTERM);
	waitpid(l, NULL, 0);
	close(fd);
	rec = strstr(out, want);
	end = rec ? strchr(rec, '\n') : NULL;
	if (end)
		*end = '\0';
	if (rec && strstr(rec, "\"minmax_threads\":"))
		sscanf(strstr(rec, "\"minmax_threads\":") + 17, "%llu", &threads);
	ksft_test_result(rec && json_delay(rec, "cpu", "max_ns", &max) &&
			 threads == WORKERS + 2,
			 "-l: a process's max over its %llu threads' exit records (%llu ns)\n",
			 threads, max);
}

/* TASKSTATS has max and min from version 15 on (Linux 6.16) */
static bool has_minmax(void)
{
	struct mm m;
	char out[8192];

	return client_mm("-p", getpid(), &m, out, sizeof(out));
}

/* Without them, -t shows none rather than something else */
static void test_no_minmax(void)
{
	char *const argv[] = { td_client(), "-J", "-t", "1", NULL };
	char out[8192];
	int rc = run_capture(argv, 0, 0, out, sizeof(out));

	ksft_print_msg("this kernel's TASKSTATS keeps no max or min (version 15 on)\n");
	ksft_test_result(!rc && strstr(out, "\"max_ns\":null,\"min_ns\":null") &&
			 strstr(out, "\"minmax_threads\":null"),
			 "-t shows no max or min where the kernel keeps none\n");
}

int main(int argc, char **argv)
{
	static char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (argc == 2 && !strcmp(argv[1], "--group")) {
		group(NULL);
		exit(0);
	}
	td_begin();
	if (n <= 0)
		ksft_exit_fail_msg("/proc/self/exe: %s\n", strerror(errno));
	self[n] = '\0';
	ksft_set_plan(5);
	if (!has_minmax()) {
		test_no_minmax();
		ksft_test_result_skip("no max to tell apart\n");
		ksft_test_result_skip("no max to take over the threads\n");
		ksft_test_result_skip("no max in the exit records of -c\n");
		ksft_test_result_skip("no max in the exit records of -l\n");
		ksft_finished();
	}
	test_tgid();
	test_command(self);
	test_listen(self);
	ksft_finished();
}
