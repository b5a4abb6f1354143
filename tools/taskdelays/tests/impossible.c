// SPDX-License-Identifier: GPL-2.0
/*
 * A delay longer than the task has lived is the kernel's figure, and
 * the client flags it as such, never as a measurement.  The kernel makes
 * one when a block I/O wait starts while kernel.task_delayacct is 0 and
 * ends after it is switched on: delayacct_blkio_start() was skipped, so
 * delayacct_end() subtracts a start stamp never set (0, for a task that
 * had no earlier wait), and the wait adds the time since boot.  A child
 * forked with accounting on (it has storage) does O_DIRECT reads while
 * the test switches accounting off and on; whether its blkio total then
 * exceeds its age (from /proc) decides what the client must say, in
 * -p, -p -J and the thread view of -T.  Changes the sysctl: guest only.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"

#define DISK "/dev/vda"
#define BLK 65536
#define ATTEMPTS 6

static char out[1 << 16];

/* O_DIRECT reads, striding so that none is merged or cached, for 300 ms */
static void direct_reads(void *arg)
{
	int fd = open(DISK, O_RDONLY | O_DIRECT), i;
	uint64_t end = now_ns() + 300000000ULL;
	void *buf;

	(void)arg;
	if (fd < 0 || posix_memalign(&buf, BLK, BLK))
		_exit(2);
	for (i = 0; now_ns() < end; i++)
		if (pread(fd, buf, BLK, (off_t)(i * 7 % 1000) * BLK) != BLK)
			_exit(3);
	close(fd);
}

/* Task @pid's age in ns, from its start in /proc and /proc/uptime */
static uint64_t age_ns(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long long start;
	double up = 0;
	FILE *f;
	size_t n;
	int i;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	for (i = 2; p && i < 22; i++)
		p = strchr(p + 1, ' ');
	if (!p || sscanf(p, " %llu", &start) != 1)
		return 0;
	f = fopen("/proc/uptime", "r");
	if (!f || fscanf(f, "%lf", &up) != 1)
		up = 0;
	if (f)
		fclose(f);
	return (up - (double)start / sysconf(_SC_CLK_TCK)) * 1e9;
}

/* Whether the blkio object of a -J record says "impossible":true */
static bool blkio_impossible(const char *json)
{
	const char *p = strstr(json, "\"blkio\":{");

	p = p ? strstr(p, "\"impossible\":") : NULL;
	return p && !strncmp(p + strlen("\"impossible\":"), "true", 4);
}

int main(void)
{
	int attempts = 0, caught = 0, right_p = 0, right_j = 0, right_t = 0;

	ksft_print_header();
	if (td_on_host())
		ksft_exit_skip("switches kernel.task_delayacct: guest only\n");
	if (access(DISK, R_OK))
		ksft_exit_skip("%s: %s\n", DISK, strerror(errno));
	ksft_set_plan(3);
	for (attempts = 0; attempts < ATTEMPTS && caught < 2; attempts++) {
		char arg[16];
		char *const text[] = { td_client(), "-p", arg, NULL };
		char *const json[] = { td_client(), "-J", "-p", arg, NULL };
		char *const top[] = { td_client(), "-T", "-H", "-n", "1", "-i",
				      "200", "-p", arg, NULL };
		static struct row r[4];
		struct delays d;
		struct child c;
		struct table t;
		uint64_t age;
		bool beyond, flagged;
		int n;

		set_delayacct(true);
		if (fork_child(&c, direct_reads, NULL))
			ksft_exit_fail_msg("fork: %s\n", strerror(errno));
		set_delayacct(false);
		start_child(&c);
		usleep(100000);
		set_delayacct(true);
		if (wait_stopped(&c) || read_delays(c.pid, c.pid, &d)) {
			kill_child(&c);
			ksft_exit_fail_msg("the reading child died\n");
		}
		age = age_ns(c.pid);
		beyond = d.total[D_BLKIO] > age;
		caught += beyond;
		ksft_print_msg("attempt %d: blkio %llu waits, %llu ns; the child lived %llu ns%s\n",
			       attempts + 1,
			       (unsigned long long)d.count[D_BLKIO],
			       (unsigned long long)d.total[D_BLKIO],
			       (unsigned long long)age,
			       beyond ? ": longer than its life" : "");
		snprintf(arg, sizeof(arg), "%d", c.pid);
		run_capture(text, 0, 0, out, sizeof(out));
		flagged = strstr(out, "\n# ! blkio") != NULL;
		if (flagged != beyond)
			print_diag_lines("taskdelays -p", out);
		right_p += flagged == beyond;
		run_capture(json, 0, 0, out, sizeof(out));
		flagged = blkio_impossible(out);
		right_j += flagged == beyond;
		run_capture(top, 0, 0, out, sizeof(out));
		n = table_parse(out, &t, r, 4);
		flagged = n == 1 && strstr(out, " bogus") &&
			  strstr(out, "\nbogus: the kernel's total");
		if (flagged != beyond)
			print_diag_lines("taskdelays -T -H", out);
		right_t += flagged == beyond;
		kill_child(&c);
	}
	ksft_print_msg("this kernel made a blkio total longer than the task's life in %d of %d attempts\n",
		       caught, attempts);
	ksft_test_result(right_p == attempts,
			 "-p flags blkio exactly when it exceeds the task's life (%d of %d)\n",
			 right_p, attempts);
	ksft_test_result(right_j == attempts,
			 "-p -J marks blkio impossible exactly then (%d of %d)\n",
			 right_j, attempts);
	ksft_test_result(right_t == attempts,
			 "-T -H shows bogus exactly then (%d of %d)\n",
			 right_t, attempts);
	ksft_finished();
}
