// SPDX-License-Identifier: GPL-2.0
/*
 * Every option taskdelays accepts is honoured, or refused with a
 * message: -c exits with the command's status as time(1) does and
 * never reports on itself, -J gives JSON in every mode, and the options
 * a mode would ignore, or values it cannot honour, are refused naming
 * the option.  Runs on the build host too.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"

static char out[65536];

static int run(char *const argv[])
{
	int rc = run_capture(argv, 0, 0, out, sizeof(out));

	if (rc < 0)
		ksft_print_msg("cannot start %s\n", argv[0]);
	return rc;
}

/* -c CMD exits as CMD did, reports on CMD, never on taskdelays */
static void test_command_status(void)
{
	static const struct {
		const char *what;
		char *argv[5];
		int status;
		bool report;
	} cmds[] = {
		{ "a failing command", { "false" }, 1, true },
		{ "exit 7", { "sh", "-c", "exit 7" }, 7, true },
		{ "a missing command", { "/nonexistent/cmd" }, 127, false },
		{ "SIGKILL", { "sh", "-c", "kill -9 $$" }, 128 + SIGKILL, true },
		{ "SIGTERM", { "sh", "-c", "kill -15 $$" }, 128 + SIGTERM, true },
		{ "success", { "true" }, 0, true },
	};
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(cmds); i++) {
		char *argv[8] = { td_client(), "-c" };
		int rc;
		bool self, report;

		for (j = 0; cmds[i].argv[j]; j++)
			argv[2 + j] = cmds[i].argv[j];
		rc = run(argv);
		self = strstr(out, "(taskdelays)") != NULL;
		report = strstr(out, "\ncpu ") != NULL;
		if (rc != cmds[i].status || self || report != cmds[i].report)
			print_diag_lines("taskdelays -c", out);
		ksft_test_result(rc == cmds[i].status && !self &&
				 report == cmds[i].report,
				 "-c with %s exits %d (%d), %s\n", cmds[i].what,
				 cmds[i].status, rc, cmds[i].report ?
				 "reports on it" : "no report");
	}
}

/* -J is JSON in every mode; a round of -T or a record is one line */
static void test_json_everywhere(void)
{
	char *const p[] = { td_client(), "-J", "-p", "1", NULL };
	char *const t[] = { td_client(), "-t", "1", "-J", NULL };
	char *const c[] = { td_client(), "-J", "-c", "sh", "-c", "exit 3", NULL };
	char *const top[] = { td_client(), "-T", "-J", "-i", "200", "-n", "1",
			      NULL };
	int rc;

	rc = run(p);
	ksft_test_result(!rc && strstr(out, "{\"type\":\"pid\",\"id\":1,") &&
			 strstr(out, "\"cpu\":{\"count\":"),
			 "-p 1 -J prints a JSON record\n");
	rc = run(t);
	ksft_test_result(!rc && strstr(out, "{\"type\":\"tgid\",\"id\":1,"),
			 "-t 1 -J prints a JSON record\n");
	rc = run(c);
	ksft_test_result(rc == 3 && strstr(out, "{\"type\":\"pid\"") &&
			 strstr(out, "\"exit_status\":3,\"signal\":null}"),
			 "-c CMD -J prints a JSON record with the exit status\n");
	rc = run(top);
	ksft_test_result(!rc && strstr(out, "{\"timestamp\":") &&
			 strstr(out, "\"tasks\":[{"),
			 "-T -J prints a JSON round with a timestamp\n");
}

/* Refused, with exit status 2 and a message that names the option */
static void test_refused(void)
{
	static const struct {
		char *argv[8];
		const char *msg;
	} cases[] = {
		{ { "-T", "-i", "0" }, "-i 0: the interval must be at least" },
		{ { "-T", "-i", "1" }, "-i 1: the interval must be at least" },
		{ { "-T", "-N", "0" }, "-N 0: give at least 1 row" },
		{ { "-T", "-n", "0" }, "-n 0: give at least 1" },
		{ { "-p", "1", "-i", "500" }, "-i does not apply to -p" },
		{ { "-t", "1", "-n", "2" }, "-n does not apply to -t" },
		{ { "-T", "-m", "0" }, "-m does not apply to -T" },
		{ { "-l", "-H" }, "-H does not apply to -l" },
		{ { "-p", "1", "-r", "-J" }, "-r and -J cannot be combined" },
		{ { "-T", "-s", "nope" }, "unknown sort key 'nope'" },
		{ { "-T", "-u", "no-such-user-here" }, "-u no-such-user-here: no such user" },
		{ { "-p", "1", "-t", "1" }, "cannot be combined" },
	};
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char *argv[10] = { td_client() }, line[128] = "";
		int rc;

		for (j = 0; cases[i].argv[j]; j++) {
			argv[1 + j] = cases[i].argv[j];
			strncat(line, " ", sizeof(line) - strlen(line) - 1);
			strncat(line, cases[i].argv[j],
				sizeof(line) - strlen(line) - 1);
		}
		rc = run(argv);
		if (rc != 2 || !strstr(out, cases[i].msg))
			print_diag_lines("taskdelays", out);
		ksft_test_result(rc == 2 && strstr(out, cases[i].msg),
				 "taskdelays%s is refused: %s\n", line,
				 cases[i].msg);
	}
}

/* -T's options in batch mode: each changes what is printed */
static void test_top_options(void)
{
	char *const full[] = { td_client(), "-T", "-M", "-i", "200", "-n", "1",
			       NULL };
	char *const lines[] = { td_client(), "-T", "-N", "3", "-i", "200",
				"-n", "2", NULL };
	char *const only[] = { td_client(), "-T", "-p", "1", "-i", "200", "-n",
			       "1", NULL };
	char *const user[] = { td_client(), "-T", "-u", "0", "-H", "-N",
			       "1000", "-i", "200", "-n", "1", NULL };
	static struct row r[1024];
	struct table t;
	int rc, n, i, bad = 0;

	rc = run(full);
	n = table_parse(out, &t, r, 1024);
	ksft_test_result(!rc && n > 0 && table_col(&t, "SWAP%") >= 0 &&
			 table_col(&t, "WPCOPY%") >= 0 &&
			 table_col(&t, "MEM%") < 0,
			 "-M shows each memory delay instead of MEM\n");
	rc = run(lines);
	n = table_parse(out, &t, r, 1024);
	ksft_test_result(!rc && n == 3 && table_col(&t, "MEM%") >= 0 &&
			 strstr(out, "more)\n"),
			 "-N 3 shows 3 rows and how many more (%d)\n", n);
	rc = run(only);
	n = table_parse(out, &t, r, 1024);
	ksft_test_result(!rc && n == 1 && r[0].id == 1,
			 "-T -p 1 shows process 1 only\n");
	rc = run(user);
	n = table_parse(out, &t, r, 1024);
	for (i = 0; i < n; i++) {
		char path[64], line[128];
		unsigned int uid = ~0U;
		FILE *f;

		snprintf(path, sizeof(path), "/proc/%d/task/%d/status",
			 r[i].tgid, r[i].id);
		f = fopen(path, "r");
		while (f && fgets(line, sizeof(line), f))
			if (sscanf(line, "Uid: %u", &uid) == 1)
				break;
		if (f)
			fclose(f);
		bad += f && uid != 0;
	}
	ksft_test_result(!rc && n > 0 && t.threads && !bad,
			 "-u 0 -H shows root's threads only (%d)\n", n);
}

/* Skips test @name when nobody cannot reach the client, saying where. */
static bool nobody_cannot_run(const char *name)
{
	char closed[PATH_MAX];

	if (can_run_as(td_client(), 65534, 65534, closed, sizeof(closed)))
		return false;
	ksft_test_result_skip("%s: nobody cannot enter %s\n", name, closed);
	return true;
}

/*
 * Without CAP_NET_ADMIN the message names the real /proc file, never a
 * placeholder, and says why it cannot be read instead
 */
static void test_unprivileged(void)
{
	char *const argv[] = { td_client(), "-p", "1", NULL };
	int rc;

	if (nobody_cannot_run("as nobody, -p 1"))
		return;
	rc = run_capture(argv, 65534, 65534, out, sizeof(out));
	if (rc == 0 || !strstr(out, "CAP_NET_ADMIN") || strstr(out, "<pid>"))
		print_diag_lines("taskdelays as nobody", out);
	ksft_test_result(rc > 0 && strstr(out, "CAP_NET_ADMIN") &&
			 strstr(out, "/proc/1/task/1/delays") &&
			 !strstr(out, "<pid>") && !strstr(out, "<tid>"),
			 "as nobody, -p 1 fails naming CAP_NET_ADMIN and /proc/1/task/1/delays\n");
}

/*
 * As nobody, -t of its own process (the shell execs the client, so the
 * pid is the client's): read from /proc/<pid>/delays and shown where
 * the kernel has the file, else refused saying it has none
 */
static void test_unprivileged_own(void)
{
	char *const argv[] = { "/bin/sh", "-c", "exec \"$0\" -t $$",
			       td_client(), NULL };
	bool proc_file = !access("/proc/self/delays", F_OK);
	bool ok;
	int rc;

	if (nobody_cannot_run("as nobody, -t of its own process"))
		return;
	rc = run_capture(argv, 65534, 65534, out, sizeof(out));
	if (proc_file)
		ok = !rc && strstr(out, "; read /proc/") &&
		     strstr(out, "TGID ") && strstr(out, "\ncpu ");
	else
		ok = rc == 1 && strstr(out, "and this kernel has no /proc/");
	if (!ok)
		print_diag_lines("taskdelays as nobody", out);
	ksft_test_result(ok, "as nobody, -t of its own process %s\n", proc_file ?
			 "reads /proc/<pid>/delays and shows it" :
			 "says this kernel has no /proc/<pid>/delays");
}

int main(void)
{
	td_begin();
	ksft_set_plan(6 + 4 + 12 + 4 + 2);
	test_command_status();
	test_json_everywhere();
	test_refused();
	test_top_options();
	test_unprivileged();
	test_unprivileged_own();
	ksft_finished();
}
