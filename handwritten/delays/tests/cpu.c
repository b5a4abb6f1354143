// SPDX-License-Identifier: GPL-2.0
/*
 * CPU delay (time runnable but not running): near zero for one busy task
 * on an otherwise idle vCPU, about half the wall time for each of two busy
 * tasks sharing it.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <unistd.h>
#include <sched.h>

#include "kselftest.h"
#include "delays_util.h"

#define SPIN_MS 1000

static void busy(void *arg)
{
	(void)arg;
	spin_ms(SPIN_MS);
}

/* Run @n busy children at once; their CPU delay in ns into @delay. */
static int run_busy(int n, uint64_t *delay, uint64_t *count)
{
	struct child c[2] = { 0 };
	struct delays d;
	int i, err = 0;

	for (i = 0; i < n && !err; i++)
		err = fork_child(&c[i], busy, NULL);
	for (i = 0; i < n && !err; i++)
		start_child(&c[i]);
	for (i = 0; i < n && !err; i++)
		err = wait_stopped(&c[i]);
	for (i = 0; i < n && !err; i++) {
		err = read_delays(c[i].pid, 0, &d);
		delay[i] = d.total[D_CPU];
		count[i] = d.count[D_CPU];
		ksft_print_msg("%d busy: child %d cpu delay %llu ns in %llu waits over %d ms\n",
			       n, i, (unsigned long long)delay[i],
			       (unsigned long long)count[i], SPIN_MS);
	}
	for (i = 0; i < n; i++)
		kill_child(&c[i]);
	return err;
}

int main(void)
{
	uint64_t wall = SPIN_MS * 1000000ULL, delay[2], count[2];
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t one;
	int err;

	ksft_print_header();
	ksft_set_plan(3);
	/* children inherit the mask: all of them share CPU 0 */
	CPU_ZERO(&one);
	CPU_SET(0, &one);
	if (sched_setaffinity(0, sizeof(one), &one))
		ksft_print_msg("sched_setaffinity: %m (%ld CPUs online)\n", ncpu);
	set_delayacct(true);

	err = run_busy(1, delay, count);
	ksft_test_result(!err && delay[0] < wall / 10,
			 "one busy task alone waits < 10%% of its run time\n");

	err = run_busy(2, delay, count);
	ksft_test_result(!err && delay[0] > wall / 4 && delay[1] > wall / 4,
			 "two busy tasks on one CPU each wait > 25%% of the wall time\n");
	ksft_test_result(!err && count[0] > 1 && count[1] > 1,
			 "both were switched out more than once\n");
	ksft_finished();
}
