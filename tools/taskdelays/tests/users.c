// SPDX-License-Identifier: GPL-2.0
/*
 * -u USER in the top view is right for a process of another user: a
 * busy process running as nobody is listed by -u 65534, in the process
 * view and the thread view, in batch mode and on a terminal, and is
 * never listed by -u 0 (a TGID record of TASKSTATS says ac_uid 0 for
 * every process, so the owner must come from elsewhere).  Runs on the
 * build host too.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"
#include "vt100.h"

#define NOBODY 65534
#define MAX_ROWS 4096

static char out[1 << 20];
static struct row rows[MAX_ROWS];

/* A busy loop as nobody, until killed */
static pid_t start_nobody(void)
{
	pid_t pid = fork();

	if (pid)
		return pid;
	if (setresgid(NOBODY, NOBODY, NOBODY) || setresuid(NOBODY, NOBODY, NOBODY))
		_exit(1);
	for (;;)
		;
}

/* Wait up to 5 s until /proc says @pid runs as nobody */
static bool became_nobody(pid_t pid)
{
	char path[64], line[128];
	unsigned int uid = 0;
	int i;

	snprintf(path, sizeof(path), "/proc/%d/status", pid);
	for (i = 0; i < 500 && uid != NOBODY; i++) {
		FILE *f = fopen(path, "r");

		while (f && fgets(line, sizeof(line), f))
			if (sscanf(line, "Uid: %u", &uid) == 1)
				break;
		if (f)
			fclose(f);
		if (uid != NOBODY)
			usleep(10000);
	}
	return uid == NOBODY;
}

/* Whether @id is a row of -T's table in @text */
static bool listed(const char *text, int id, bool threads)
{
	struct table t;
	int n = table_parse(text, &t, rows, MAX_ROWS), i;

	if (n < 0 || t.threads != threads)
		return false;
	for (i = 0; i < n; i++)
		if (rows[i].id == id)
			return true;
	return false;
}

/* taskdelays -T -n 1 -N 4096 -u @user [-H]: whether @pid is listed */
static int top_lists(const char *user, bool threads, pid_t pid, bool *found)
{
	char *const argv[] = { td_client(), "-T", "-n", "1", "-i", "300", "-N",
			 "4096", "-u", (char *)user, threads ? "-H" : NULL,
			 NULL };
	int rc = run_capture(argv, 0, 0, out, sizeof(out));

	*found = listed(out, pid, threads);
	return rc;
}

static void test_batch(pid_t pid)
{
	static const struct {
		const char *user;
		bool threads, want;
	} runs[] = {
		{ "65534", false, true },
		{ "0", false, false },
		{ "65534", true, true },
		{ "0", true, false },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(runs); i++) {
		bool found;
		int rc = top_lists(runs[i].user, runs[i].threads, pid, &found);

		if (rc || found != runs[i].want)
			print_diag_lines("taskdelays -T -u", out);
		ksft_test_result(!rc && found == runs[i].want,
				 "-T%s -u %s %s nobody's process %d\n",
				 runs[i].threads ? " -H" : "", runs[i].user,
				 runs[i].want ? "lists" : "does not list", pid);
	}
}

/* On a terminal: the process view of -u 65534 shows the process's row */
static void test_terminal(pid_t pid)
{
	char *const argv[] = { td_client(), "-T", "-i", "300", "-u", "65534", NULL };
	char want[32];
	struct term t;
	bool ok;
	int line;

	vt_reset(24, 80);
	if (term_start(&t, argv)) {
		ksft_test_result_fail("-T -u 65534 on a terminal: no pty\n");
		return;
	}
	ok = term_wait(&t, " COMM ", 20000);
	snprintf(want, sizeof(want), "%7d ", pid);
	ok = ok && term_wait(&t, want, 5000);
	term_settle(&t, 300);
	line = vt_find(want);
	ok = ok && line > vt_find(" COMM ");
	if (!ok)
		vt_dump("-T -u 65534");
	term_keys(&t, "q");
	term_stop(&t, 5000);
	ksft_test_result(ok, "-T -u 65534 on a terminal shows nobody's process %d\n",
			 pid);
}

int main(void)
{
	pid_t pid;

	td_begin();
	ksft_set_plan(5);
	pid = start_nobody();
	if (pid < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	if (!became_nobody(pid))
		ksft_exit_fail_msg("child %d never ran as uid %d\n", pid, NOBODY);
	test_batch(pid);
	test_terminal(pid);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	ksft_finished();
}
