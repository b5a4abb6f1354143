// SPDX-License-Identifier: GPL-2.0
/*
 * Overhead of delay accounting: the same context-switch and syscall heavy
 * workloads with kernel.task_delayacct off and on, alternating within one
 * boot, each in a process forked after the switch (only those get
 * per-task delay storage).  Prints "# bench: ..." lines with the ratio
 * on/off of the best round of each.  Runs only when the kernel command
 * line has the word "bench"; skipped otherwise.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "delays_util.h"

#define ROUNDS 5

struct workload {
	const char *name;
	unsigned int ops;
	void (*run)(unsigned int ops);
};

/* Two processes bouncing a byte: two context switches per op. */
static void pingpong(unsigned int ops)
{
	int a[2], b[2];
	unsigned int i;
	char c = 0;
	pid_t pid;

	if (pipe(a) || pipe(b))
		_exit(2);
	pid = fork();
	if (pid == 0) {
		while (read(a[0], &c, 1) == 1 && write(b[1], &c, 1) == 1)
			;
		_exit(0);
	}
	for (i = 0; i < ops; i++) {
		if (write(a[1], &c, 1) != 1 || read(b[0], &c, 1) != 1)
			_exit(3);
	}
	close(a[1]);
	waitpid(pid, NULL, 0);
}

static void syscalls(unsigned int ops)
{
	unsigned int i;

	for (i = 0; i < ops; i++)
		syscall(SYS_getppid);
}

/* fork allocates the per-task delay storage when accounting is on */
static void forks(unsigned int ops)
{
	unsigned int i;
	pid_t pid;

	for (i = 0; i < ops; i++) {
		pid = fork();
		if (pid == 0)
			_exit(0);
		waitpid(pid, NULL, 0);
	}
}

/* each read sleeps in io_schedule(), where blkio delay is taken */
static void direct_reads(unsigned int ops)
{
	int fd = open("/dev/vda", O_RDONLY | O_DIRECT);
	unsigned int i;
	void *buf;

	if (fd < 0 || posix_memalign(&buf, 4096, 4096))
		_exit(2);
	for (i = 0; i < ops; i++)
		if (pread(fd, buf, 4096, (off_t)(i % 4096) * 4096) != 4096)
			_exit(3);
	close(fd);
}

static const struct workload workloads[] = {
	{ "pipe-pingpong", 20000, pingpong },
	{ "getppid", 200000, syscalls },
	{ "fork-exit", 300, forks },
	{ "odirect-read", 2000, direct_reads },
};

/* ns per op of @w in a child forked now */
static double measure(const struct workload *w)
{
	uint64_t t0, t1;
	int p[2], status;
	pid_t pid;

	if (pipe(p))
		return -1;
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		t0 = now_ns();
		w->run(w->ops);
		t1 = now_ns() - t0;
		_exit(write(p[1], &t1, sizeof(t1)) == sizeof(t1) ? 0 : 1);
	}
	close(p[1]);
	if (pid < 0 || read(p[0], &t1, sizeof(t1)) != sizeof(t1))
		t1 = 0;
	close(p[0]);
	waitpid(pid, &status, 0);
	if (!t1 || !WIFEXITED(status) || WEXITSTATUS(status))
		return -1;
	return (double)t1 / w->ops;
}

int main(void)
{
	long saved = read_sysctl("kernel/task_delayacct");
	size_t i;
	int r;

	ksft_print_header();
	if (!cmdline_has("bench"))
		ksft_exit_skip("add 'bench' to the kernel command line to run\n");
	ksft_set_plan(sizeof(workloads) / sizeof(workloads[0]));

	for (i = 0; i < sizeof(workloads) / sizeof(workloads[0]); i++) {
		const struct workload *w = &workloads[i];
		double best[2] = { 0, 0 }, t;
		bool ok = true;

		/* alternate so drift of the host hits both sides alike */
		for (r = 0; r < 2 * ROUNDS; r++) {
			int on = r % 2;

			set_delayacct(on);
			t = measure(w);
			if (t < 0)
				ok = false;
			else if (!best[on] || t < best[on])
				best[on] = t;
		}
		if (ok)
			printf("# bench: %s ops=%u off=%.1f ns/op on=%.1f ns/op ratio=%.3f\n",
			       w->name, w->ops, best[0], best[1],
			       best[1] / best[0]);
		ksft_test_result(ok, "bench %s measured\n", w->name);
	}
	set_delayacct(saved == 1);
	ksft_finished();
}
