// SPDX-License-Identifier: GPL-2.0
/*
 * Switching kernel.task_delayacct on gives storage to the tasks that
 * already exist: a task forked while accounting was off is untracked
 * until then, and its block I/O delay grows after it.  With forks and
 * exits going on meanwhile, every task is tracked once the switch is on.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "delays_util.h"

#define BLK 65536
#define ROUNDS 20

/* O_DIRECT reads until this task has a blkio delay, then stop */
static void direct_reads(void *arg)
{
	int fd = open("/dev/vda", O_RDONLY | O_DIRECT), i;
	struct delays d;
	void *buf;

	(void)arg;
	if (fd < 0 || posix_memalign(&buf, 4096, BLK))
		_exit(2);
	for (i = 0; i < 4000; i++) {
		if (pread(fd, buf, BLK, (off_t)(i * 7 % 1000) * BLK) != BLK)
			_exit(3);
		if (read_delays(getpid(), 0, &d))
			_exit(4);
		if (d.count[D_BLKIO])
			break;
	}
	close(fd);
}

static void test_started_before(void)
{
	struct child c = { 0 };
	struct delays off, on, done;
	int err;

	set_delayacct(false);
	err = fork_child(&c, direct_reads, NULL);
	err = err ?: read_delays(c.pid, 0, &off);
	set_delayacct(true);
	err = err ?: read_delays(c.pid, 0, &on);
	if (!err) {
		start_child(&c);
		err = wait_stopped(&c);
	}
	err = err ?: read_delays(c.pid, 0, &done);
	ksft_print_msg("forked while off: untracked %u, after switch-on %u; blkio %llu %llu\n",
		       off.untracked, on.untracked,
		       (unsigned long long)done.count[D_BLKIO],
		       (unsigned long long)done.total[D_BLKIO]);
	ksft_test_result(!err && off.untracked == 1 && on.untracked == 0,
			 "a task forked while off is tracked after switch-on\n");
	ksft_test_result(!err && done.count[D_BLKIO] > 0 &&
			 done.total[D_BLKIO] > 0,
			 "its blkio delay grows after switch-on\n");
	kill_child(&c);
}

/* Fork short-lived children until killed */
static void churn(void *arg)
{
	(void)arg;
	for (;;) {
		pid_t pid = fork();

		if (pid == 0) {
			usleep(2000);
			_exit(0);
		}
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		usleep(500);
	}
}

static void test_with_churn(void)
{
	unsigned int tasks, untracked, total = 0, bad = 0, min = ~0u, r;
	struct child c = { 0 };
	int err;

	err = fork_child(&c, churn, NULL);
	if (!err)
		start_child(&c);
	for (r = 0; !err && r < ROUNDS; r++) {
		set_delayacct(false);
		usleep(20000);	/* untracked children pile up */
		set_delayacct(true);
		err = scan_untracked(&tasks, &untracked);
		total += tasks;
		bad += untracked;
		min = tasks < min ? tasks : min;
	}
	kill_child(&c);
	ksft_print_msg("%u rounds, %u task files read (at least %u a round), %u untracked\n",
		       ROUNDS, total, min, bad);
	ksft_test_result(!err && min > 0 && !bad,
			 "every task is tracked after switch-on, with forks going on\n");
}

int main(void)
{
	long saved = read_sysctl("kernel/task_delayacct");

	ksft_print_header();
	if (access("/dev/vda", R_OK))
		ksft_exit_skip("/dev/vda: missing\n");
	if (saved < 0)
		ksft_exit_fail_msg("kernel.task_delayacct: cannot read\n");
	ksft_set_plan(3);
	test_started_before();
	test_with_churn();
	set_delayacct(saved);
	ksft_finished();
}
