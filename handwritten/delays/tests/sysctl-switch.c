// SPDX-License-Identifier: GPL-2.0
/*
 * kernel.task_delayacct=0 stops the growth of the delays it gates (block
 * I/O here) and 1 resumes it; the CPU delay comes from the scheduler's
 * sched_info and keeps growing, as documented for /proc/<pid>/delays.
 * kernel.sched_schedstats switches the collection behind /proc/schedstat.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kselftest.h"
#include "delays_util.h"

static void sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

/* Read the disk until killed: a steady source of blkio delay. */
static void reader(void *arg)
{
	int fd = open("/dev/vda", O_RDONLY | O_DIRECT);
	off_t off = 0;
	void *buf;

	(void)arg;
	if (fd < 0 || posix_memalign(&buf, 4096, 4096))
		_exit(2);
	for (;;) {
		if (pread(fd, buf, 4096, off) != 4096)
			off = 0;
		off = (off + 4096 * 41) % (32 << 20);
	}
}

static void test_delayacct_switch(void)
{
	struct delays d1, d2, d3, d4, d5;
	struct child c = { 0 };
	int err;

	set_delayacct(true);
	err = fork_child(&c, reader, NULL);
	if (!err)
		start_child(&c);
	sleep_ms(100);
	err = err ?: read_delays(c.pid, 0, &d1);
	sleep_ms(300);
	err = err ?: read_delays(c.pid, 0, &d2);
	ksft_test_result(!err && d2.count[D_BLKIO] > d1.count[D_BLKIO],
			 "blkio grows while task_delayacct=1 (%llu -> %llu)\n",
			 (unsigned long long)d1.count[D_BLKIO],
			 (unsigned long long)d2.count[D_BLKIO]);

	set_delayacct(false);
	sleep_ms(100);	/* let an I/O started while on finish */
	err = err ?: read_delays(c.pid, 0, &d3);
	sleep_ms(500);
	err = err ?: read_delays(c.pid, 0, &d4);
	ksft_test_result(!err && !d4.on && d4.count[D_BLKIO] == d3.count[D_BLKIO] &&
			 d4.total[D_BLKIO] == d3.total[D_BLKIO],
			 "blkio stops while task_delayacct=0 (%llu -> %llu)\n",
			 (unsigned long long)d3.count[D_BLKIO],
			 (unsigned long long)d4.count[D_BLKIO]);
	ksft_test_result(!err && d4.count[D_CPU] > d3.count[D_CPU],
			 "cpu delay still grows while task_delayacct=0 (sched_info)\n");

	set_delayacct(true);
	sleep_ms(300);
	err = err ?: read_delays(c.pid, 0, &d5);
	ksft_test_result(!err && d5.count[D_BLKIO] > d4.count[D_BLKIO],
			 "blkio grows again after task_delayacct=1\n");
	kill_child(&c);
}

/* Sum of sched_count (3rd number) over the cpuN lines of /proc/schedstat */
static long long sched_count(void)
{
	char line[512];
	long long sum = -1;
	FILE *f = fopen("/proc/schedstat", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long yld, legacy, cnt;
		int cpu;

		if (sscanf(line, "cpu%d %llu %llu %llu", &cpu, &yld, &legacy,
			   &cnt) == 4)
			sum = (sum < 0 ? 0 : sum) + cnt;
	}
	fclose(f);
	return sum;
}

/* Make the scheduler run: sleeps and yields */
static void schedule_some(void)
{
	int i;

	for (i = 0; i < 20; i++) {
		sched_yield();
		sleep_ms(2);
	}
}

static void test_schedstats_switch(void)
{
	long saved = read_sysctl("kernel/sched_schedstats");
	long long a, b, c, d;

	if (saved < 0) {
		ksft_test_result_skip("kernel.sched_schedstats: missing\n");
		ksft_test_result_skip("kernel.sched_schedstats: missing\n");
		return;
	}
	/* on first, so that "frozen" is tested on a non-zero count */
	write_sysctl("kernel/sched_schedstats", "1");
	a = sched_count();
	schedule_some();
	b = sched_count();
	ksft_test_result(a >= 0 && b > a,
			 "sched_schedstats=1: /proc/schedstat sched_count grows (%lld -> %lld)\n",
			 a, b);
	write_sysctl("kernel/sched_schedstats", "0");
	c = sched_count();
	schedule_some();
	d = sched_count();
	ksft_test_result(c > 0 && d == c,
			 "sched_schedstats=0: /proc/schedstat sched_count frozen (%lld -> %lld)\n",
			 c, d);
	write_sysctl("kernel/sched_schedstats", saved ? "1" : "0");
}

int main(void)
{
	ksft_print_header();
	if (access("/dev/vda", R_OK))
		ksft_exit_skip("/dev/vda: missing\n");
	ksft_set_plan(6);
	test_delayacct_switch();
	test_schedstats_switch();
	ksft_finished();
}
