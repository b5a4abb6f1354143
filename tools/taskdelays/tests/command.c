// SPDX-License-Identifier: GPL-2.0
/*
 * taskdelays -c: the tool's exit status is the command's even when no
 * exit record reaches it (the command exits on a CPU outside -m's mask),
 * and a mask that is empty or not a CPU list is refused before anything
 * runs; the report sums the command's tree, as time(1) does, saying how
 * many tasks it counted, and -S keeps the command's own process only.
 * Runs on the build host too.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"

static char out[1 << 16];

/*
 * Pinned to the last CPU (the client and its command inherit it) with
 * -m 0, the command's exit record goes to CPU 0's listeners only.
 */
static void test_status_without_record(void)
{
	static const struct {
		char *argv[4];
		int status;
	} runs[] = {
		{ { "true" }, 0 },
		{ { "sh", "-c", "exit 3" }, 3 },
	};
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t all, last;
	unsigned int i, j;

	if (ncpu < 2) {
		for (i = 0; i < ARRAY_SIZE(runs); i++)
			ksft_test_result_skip("-c -m 0 %s: one CPU only\n",
					      runs[i].argv[0]);
		return;
	}
	sched_getaffinity(0, sizeof(all), &all);
	CPU_ZERO(&last);
	CPU_SET(ncpu - 1, &last);
	if (sched_setaffinity(0, sizeof(last), &last))
		ksft_exit_fail_msg("cannot pin to CPU %ld\n", ncpu - 1);
	for (i = 0; i < ARRAY_SIZE(runs); i++) {
		char *argv[8] = { td_client(), "-c", "-m", "0" };
		int rc;
		bool said;

		for (j = 0; runs[i].argv[j]; j++)
			argv[4 + j] = runs[i].argv[j];
		rc = run_capture(argv, 0, 0, out, sizeof(out));
		said = strstr(out, "no exit record") != NULL;
		if (rc != runs[i].status || !said)
			print_diag_lines("taskdelays -c -m 0", out);
		ksft_test_result(rc == runs[i].status && said,
				 "-c -m 0 %s on CPU %ld: no record, said so, exits %d (%d)\n",
				 runs[i].argv[0], ncpu - 1, runs[i].status, rc);
	}
	sched_setaffinity(0, sizeof(all), &all);
}

/* A mask that is no CPU list is refused with status 2, nothing run */
static void test_bad_mask(void)
{
	static const char *const masks[] = { "", "x", "0-1;2" };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(masks); i++) {
		char *const argv[] = { td_client(), "-c", "-m", (char *)masks[i],
				       "sh", "-c", "echo ran-it", NULL };
		int rc = run_capture(argv, 0, 0, out, sizeof(out));
		bool ok = rc == 2 && strstr(out, "-m '") &&
			  !strstr(out, "ran-it");

		if (!ok)
			print_diag_lines("taskdelays -c -m", out);
		ksft_test_result(ok, "-c -m '%s' is refused, nothing run (%d)\n",
				 masks[i], rc);
	}
}

/* The number after "@key": in @json, or -1 (null or missing) */
static long long json_num(const char *json, const char *key)
{
	char want[64];
	const char *p;

	snprintf(want, sizeof(want), "\"%s\":", key);
	p = strstr(json, want);
	if (!p || !strchr("0123456789", p[strlen(want)]))
		return -1;
	return strtoll(p + strlen(want), NULL, 10);
}

/* 100 ms of CPU time, however long a loaded machine takes to give it */
static int burn(void)
{
	struct timespec ts;

	do
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	while (ts.tv_sec == 0 && ts.tv_nsec < 100000000);
	return 0;
}

/*
 * sh runs this test twice as a CPU burner, then exits 3: the tree is 3
 * tasks, and its CPU time is the burners', which sh's own has not
 */
static void test_tree(const char *self)
{
	char *const tree[] = { td_client(), "-J", "-c", "sh", "-c",
			       "\"$0\" --burn; \"$0\" --burn; exit 3",
			       (char *)self, NULL };
	char *const own[] = { td_client(), "-S", "-J", "-c", "sh", "-c",
			      "\"$0\" --burn; \"$0\" --burn; exit 3",
			      (char *)self, NULL };
	char *const text[] = { td_client(), "-c", "sh", "-c",
			       "\"$0\" --burn; exit 0", (char *)self, NULL };
	long long tasks, run_tree, run_own;
	int rc;

	rc = run_capture(tree, 0, 0, out, sizeof(out));
	tasks = json_num(out, "tasks");
	run_tree = json_num(out, "cpu_run_real_ns");
	if (rc != 3 || tasks != 3)
		print_diag_lines("taskdelays -J -c", out);
	ksft_test_result(rc == 3 && tasks == 3,
			 "-c sh running two children counts 3 tasks (%lld), exits 3\n",
			 tasks);
	rc = run_capture(own, 0, 0, out, sizeof(out));
	run_own = json_num(out, "cpu_run_real_ns");
	ksft_test_result(rc == 3 && strstr(out, "\"tasks\":null") &&
			 strstr(out, "{\"type\":\"pid\""),
			 "-S -c reports the command's own process\n");
	/*
	 * cpu_run_real is utime + stime, sampled at ticks: on a loaded
	 * machine well short of the 200 ms, but more than one burner's
	 */
	ksft_test_result(run_tree >= 100000000 && run_own >= 0 &&
			 run_tree > run_own,
			 "the tree ran %lld ns on a CPU (two burners of 100 ms), sh alone %lld\n",
			 run_tree, run_own);
	rc = run_capture(text, 0, 0, out, sizeof(out));
	ksft_test_result(!rc && strstr(out, "\n# summed over 2 tasks: sh and"),
			 "-c says how many tasks it summed\n");
}

int main(int argc, char **argv)
{
	char self[PATH_MAX];
	ssize_t n;

	if (argc == 2 && !strcmp(argv[1], "--burn"))
		return burn();
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	self[n > 0 ? n : 0] = '\0';
	td_begin();
	ksft_set_plan(2 + 3 + 4);
	test_status_without_record();
	test_bad_mask();
	test_tree(self);
	ksft_finished();
}
