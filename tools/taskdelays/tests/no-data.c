// SPDX-License-Identifier: GPL-2.0
/*
 * No data is not zero.  While kernel.task_delayacct is 0 only cpu delay
 * is collected: every other delay is n/a in each text form, null in
 * JSON, and -T says why in a banner, on a terminal too, with the right
 * advice for the kernel (our patches track running tasks at switch-on,
 * a stock kernel only new ones).  Without /proc/<pid>/delays (a stock
 * kernel) "untracked" is null, not 0.  In the guest accounting is
 * switched off for the test; on the build host the test checks what
 * the host has and changes nothing.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"
#include "vt100.h"

static char out[65536];
static char advice[96];

static void idle(void *arg)
{
	(void)arg;
	pause();
}

/* @fmt names a delay; NULL: the table line of taskdelays -p */
static bool all_na(const char *text, const char *fmt)
{
	char want[64];
	int i;

	for (i = 1; i < D_NR; i++) {
		if (fmt)
			snprintf(want, sizeof(want), fmt, d_names[i]);
		else
			snprintf(want, sizeof(want), "\n%-10s %12s\n",
				 d_names[i], "n/a");
		if (!strstr(text, want)) {
			ksft_print_msg("no '%s'\n", want);
			return false;
		}
	}
	return true;
}

static void test_records(pid_t pid)
{
	char arg[16];
	char *const text[] = { td_client(), "-p", arg, NULL };
	char *const raw[] = { td_client(), "-r", "-t", arg, NULL };
	char *const json[] = { td_client(), "-J", "-t", arg, NULL };
	char *const cmd[] = { td_client(), "-J", "-c", "sh", "-c", "exit 0", NULL };
	char *const cmdt[] = { td_client(), "-c", "true", NULL };
	int rc;

	snprintf(arg, sizeof(arg), "%d", pid);
	rc = run_capture(text, 0, 0, out, sizeof(out));
	ksft_test_result(!rc && all_na(out, NULL) &&
			 !strstr(out, "\ncpu        n/a") && strstr(out, advice),
			 "-p: every delay but cpu is n/a, and the warning says what switching on does\n");
	rc = run_capture(raw, 0, 0, out, sizeof(out));
	ksft_test_result(!rc && all_na(out, "\n%s: n/a\n") &&
			 !strstr(out, "\ncpu: n/a"),
			 "-t -r: every delay but cpu is 'n/a'\n");
	rc = run_capture(json, 0, 0, out, sizeof(out));
	ksft_test_result(!rc && all_na(out, "\"%s\":null") &&
			 strstr(out, "\"cpu\":{\"count\":"),
			 "-t -J: every delay but cpu is null\n");
	rc = run_capture(cmd, 0, 0, out, sizeof(out));
	ksft_test_result(!rc && all_na(out, "\"%s\":null") &&
			 strstr(out, "\"cpu\":{\"count\":"),
			 "-c -J: every delay but cpu is null\n");
	rc = run_capture(cmdt, 0, 0, out, sizeof(out));
	ksft_test_result(!rc && all_na(out, NULL),
			 "-c: every delay but cpu is n/a\n");
}

static void test_top_batch(bool proc_file)
{
	char *const text[] = { td_client(), "-T", "-N", "1000", "-i", "300",
			       "-n", "1", NULL };
	char *const json[] = { td_client(), "-T", "-J", "-N", "1000", "-i",
			       "300", "-n", "1", NULL };
	static struct row r[1024];
	int rc, n, i, cols[3], bad = 0, cpu = 0;
	const char *p;
	struct table t;

	rc = run_capture(text, 0, 0, out, sizeof(out));
	n = table_parse(out, &t, r, 1024);
	cols[0] = table_col(&t, "IO%");
	cols[1] = table_col(&t, "MEM%");
	cols[2] = table_col(&t, "IRQ%");
	for (i = 0; i < n; i++) {
		bad += !r[i].na[cols[0]] || !r[i].na[cols[1]] || !r[i].na[cols[2]];
		cpu += !r[i].na[table_col(&t, "CPU%")];
	}
	if (rc || n <= 0 || bad || !cpu)
		print_diag_lines("taskdelays -T", out);
	ksft_test_result(!rc && n > 0 && cols[0] >= 0 && cols[1] >= 0 &&
			 cols[2] >= 0 && !bad && cpu &&
			 strstr(out, "\n! delay accounting is off") &&
			 strstr(out, advice),
			 "-T: a banner, IO%%, MEM%% and IRQ%% n/a on all %d rows, CPU%% on %d\n",
			 n, cpu);

	rc = run_capture(json, 0, 0, out, sizeof(out));
	n = 0;
	bad = 0;
	for (p = out; (p = strstr(p, "{\"id\":")); p++) {
		const char *end = strstr(p, "}},");

		n++;
		if (!end)
			end = p + strlen(p);
		/* blkio is null in every task; untracked as the kernel has it */
		bad += !strstr(p, "\"blkio\":null") || strstr(p, "\"blkio\":null") > end;
		bad += proc_file == !!strstr(p, "\"untracked\":null,");
	}
	ksft_test_result(!rc && n > 0 && !bad && strstr(out, "\"delayacct\":false"),
			 "-T -J: delayacct false, blkio null, untracked %s in all %d tasks\n",
			 proc_file ? "a number" : "null", n);
}

/* The banner and n/a on an 80x24 terminal */
static void test_top_screen(void)
{
	char *const argv[] = { td_client(), "-T", "-i", "300", NULL };
	static struct row r[64];
	struct table t;
	struct term term;
	int status, n;
	bool ok;

	vt_reset(24, 80);
	if (term_start(&term, argv))
		ksft_exit_fail_msg("forkpty failed\n");
	ok = term_wait(&term, " COMM ", 20000);
	term_settle(&term, 200);
	n = table_parse(vt_text(), &t, r, 64);
	ok = ok && vt_find("! delay accounting is off") >= 0 && n > 0 &&
	     r[0].na[table_col(&t, "IO%")];
	if (!ok)
		vt_dump("with accounting off");
	term_keys(&term, "q");
	status = term_stop(&term, 5000);
	ksft_test_result(ok && WIFEXITED(status) && !WEXITSTATUS(status),
			 "-T on a terminal: the banner and IO%% n/a\n");
}

int main(void)
{
	bool proc_file = !access("/proc/self/delays", F_OK);
	struct child c = { 0 };

	td_begin();
	if (td_on_host() && read_sysctl("kernel/task_delayacct") != 0)
		ksft_exit_skip("accounting is on here, and the host's sysctls are not ours to change\n");
	ksft_set_plan(8);
	snprintf(advice, sizeof(advice), "%s", proc_file ?
		 "starts the others, for running tasks too" :
		 "starts the others, for tasks started after it");
	ksft_print_msg("%s kernel: the advice must say '%s'\n",
		       proc_file ? "a patched" : "a stock", advice);
	if (!td_on_host())
		set_delayacct(false);
	fork_child(&c, idle, NULL);
	start_child(&c);
	test_records(c.pid);
	test_top_batch(proc_file);
	test_top_screen();
	kill_child(&c);
	if (!td_on_host())
		set_delayacct(true);
	ksft_finished();
}
