// SPDX-License-Identifier: GPL-2.0
/*
 * Overhead of delay accounting: the same context-switch and syscall heavy
 * workloads with kernel.task_delayacct off and on, alternating within one
 * boot, each round in a process forked after the switch.  Prints
 * "# bench: ..." lines with the ratio on/off of the median rounds (and
 * of the best ones).  Runs only when the kernel command line has the
 * word "bench"; skipped otherwise.
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
/*
 * Each measurement runs for at least this long: under TCG the guest may
 * fall back to the jiffies clocksource, whose resolution is a tick.
 */
#define MIN_NS 700000000ULL

struct workload {
	const char *name;
	unsigned int batch;	/* ops per call of run() */
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
		/* without our copy of the write end, EOF ends the loop */
		close(a[1]);
		while (read(a[0], &c, 1) == 1 && write(b[1], &c, 1) == 1)
			;
		_exit(0);
	}
	close(a[0]);
	close(b[1]);
	for (i = 0; i < ops; i++) {
		if (write(a[1], &c, 1) != 1 || read(b[0], &c, 1) != 1)
			_exit(3);
	}
	close(a[1]);
	close(b[0]);
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
	{ "pipe-pingpong", 200, pingpong },
	{ "getppid", 5000, syscalls },
	{ "fork-exit", 10, forks },
	{ "odirect-read", 20, direct_reads },
};

/* ns per op of @w in a child forked now; @ops gets the ops done */
static double measure(const struct workload *w, uint64_t *ops)
{
	uint64_t r[2], t0;
	int fd, status;
	pid_t pid;

	pid = fork_pipe(&fd, true);
	if (pid < 0)
		return -1;
	if (pid == 0) {
		t0 = now_ns();
		r[1] = 0;
		do {
			w->run(w->batch);
			r[1] += w->batch;
			r[0] = now_ns() - t0;
		} while (r[0] < MIN_NS);
		_exit(write(fd, r, sizeof(r)) == sizeof(r) ? 0 : 1);
	}
	if (read(fd, r, sizeof(r)) != sizeof(r))
		r[1] = 0;
	close(fd);
	waitpid(pid, &status, 0);
	if (!r[1] || !WIFEXITED(status) || WEXITSTATUS(status))
		return -1;
	*ops = r[1];
	return (double)r[0] / r[1];
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int main(void)
{
	long saved = read_sysctl("kernel/task_delayacct");
	size_t i;
	int r;

	ksft_print_header();
	if (!cmdline_has("bench"))
		ksft_exit_skip("add 'bench' to the kernel command line to run\n");
	ksft_set_plan(ARRAY_SIZE(workloads));

	for (i = 0; i < ARRAY_SIZE(workloads); i++) {
		const struct workload *w = &workloads[i];
		double t[2][ROUNDS], med[2];
		uint64_t ops[2] = { 0, 0 }, n = 0;
		bool ok = true;

		/* alternate so drift of the host hits both sides alike */
		for (r = 0; r < 2 * ROUNDS && ok; r++) {
			int on = r % 2;

			set_delayacct(on);
			t[on][r / 2] = measure(w, &n);
			ok = t[on][r / 2] > 0;
			ops[on] += n;
		}
		if (ok) {
			qsort(t[0], ROUNDS, sizeof(double), cmp_double);
			qsort(t[1], ROUNDS, sizeof(double), cmp_double);
			med[0] = t[0][ROUNDS / 2];
			med[1] = t[1][ROUNDS / 2];
			printf("# bench: %s off=%.1f on=%.1f ns/op ratio=%.3f (medians of %d rounds; best %.1f/%.1f ratio %.3f; %llu/%llu ops)\n",
			       w->name, med[0], med[1], med[1] / med[0], ROUNDS,
			       t[0][0], t[1][0], t[1][0] / t[0][0],
			       (unsigned long long)ops[0],
			       (unsigned long long)ops[1]);
		}
		ksft_test_result(ok, "bench %s measured\n", w->name);
		fflush(stdout);
	}
	set_delayacct(saved == 1);
	ksft_finished();
}
