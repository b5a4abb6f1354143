// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/<pid>/delays and /proc/<pid>/task/<tid>/delays: every key is
 * there, the on/off marker follows kernel.task_delayacct, the process file
 * sums its live threads, and tasks forked while accounting was off are
 * reported as untracked until it is switched on again.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

#include "kselftest.h"
#include "delays_util.h"

static pthread_barrier_t ready, done;
static pid_t thread_tid;

static void *worker(void *arg)
{
	(void)arg;
	thread_tid = syscall(SYS_gettid);
	spin_ms(200);
	pthread_barrier_wait(&ready);
	pthread_barrier_wait(&done);	/* stay alive while main reads */
	return NULL;
}

static void idle(void *arg)
{
	(void)arg;
}

static void test_thread_sum(void)
{
	struct delays m, t, p;
	pthread_t th;
	int err;

	pthread_barrier_init(&ready, NULL, 2);
	pthread_barrier_init(&done, NULL, 2);
	pthread_create(&th, NULL, worker, NULL);
	pthread_barrier_wait(&ready);
	/* counters only grow: process >= main (read first) + thread */
	err = read_delays(getpid(), getpid(), &m);
	err = err ?: read_delays(getpid(), thread_tid, &t);
	ksft_test_result(!err, "task/<tid>/delays of both threads parse\n");
	err = err ?: read_delays(getpid(), 0, &p);
	ksft_print_msg("cpu count main %llu thread %llu process %llu\n",
		       (unsigned long long)m.count[D_CPU],
		       (unsigned long long)t.count[D_CPU],
		       (unsigned long long)p.count[D_CPU]);
	ksft_test_result(!err && t.count[D_CPU] > 0 &&
			 p.count[D_CPU] >= m.count[D_CPU] + t.count[D_CPU] &&
			 p.total[D_CPU] >= m.total[D_CPU] + t.total[D_CPU],
			 "process delays sum the live threads\n");
	pthread_barrier_wait(&done);
	pthread_join(th, NULL);
}

static void test_untracked(void)
{
	struct child before = { 0 }, after = { 0 };
	struct delays db, da;
	int err;

	set_delayacct(false);
	err = fork_child(&before, idle, NULL);
	err = err ?: read_delays(before.pid, 0, &db);
	set_delayacct(true);
	err = err ?: fork_child(&after, idle, NULL);
	err = err ?: read_delays(after.pid, 0, &da);
	ksft_print_msg("untracked: forked while off %u, while on %u\n",
		       db.untracked, da.untracked);
	ksft_test_result(!err && db.untracked == 1 && da.untracked == 0,
			 "tasks forked while accounting is off are untracked\n");
	kill_child(&before);
	kill_child(&after);
}

int main(void)
{
	long saved = read_sysctl("kernel/task_delayacct");
	struct delays d;
	int err;

	ksft_print_header();
	ksft_set_plan(7);
	if (saved < 0)
		ksft_exit_fail_msg("kernel.task_delayacct: cannot read\n");

	err = read_delays(getpid(), 0, &d);
	ksft_test_result(!err, "/proc/self/delays has every key (%s)\n",
			 err ? strerror(-err) : "ok");
	err = read_delays(getpid(), getpid(), &d);
	ksft_test_result(!err, "/proc/self/task/<tid>/delays has every key\n");

	set_delayacct(false);
	err = read_delays(getpid(), 0, &d);
	ksft_test_result(!err && d.on == 0, "marker says off when task_delayacct=0\n");
	set_delayacct(true);
	err = read_delays(getpid(), 0, &d);
	ksft_test_result(!err && d.on == 1, "marker says on when task_delayacct=1\n");

	test_thread_sum();
	test_untracked();
	set_delayacct(saved);
	ksft_finished();
}
