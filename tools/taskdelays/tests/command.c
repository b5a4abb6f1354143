// SPDX-License-Identifier: GPL-2.0
/*
 * taskdelays -c: the tool's exit status is the command's even when no
 * exit record reaches it (the command exits on a CPU outside -m's mask),
 * and a mask that is empty or not a CPU list is refused before anything
 * runs.  Runs on the build host too.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int main(void)
{
	ksft_print_header();
	if (getuid())
		ksft_exit_skip("TASKSTATS needs CAP_NET_ADMIN: run as root\n");
	if (access(td_client(), X_OK))
		ksft_exit_fail_msg("%s: missing\n", td_client());
	ksft_set_plan(2 + 3);
	test_status_without_record();
	test_bad_mask();
	ksft_finished();
}
