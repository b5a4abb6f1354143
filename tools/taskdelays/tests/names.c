// SPDX-License-Identifier: GPL-2.0
/*
 * Process names in UTF-8 ("slé€p", as prctl(PR_SET_NAME) sets them) are
 * shown as they are in -p and -t, JSON strings carry them as UTF-8 (not
 * each byte escaped on its own), the -T row keeps its columns under the
 * header's, and a name with an invalid byte shows '?' in text and
 * U+FFFD nowhere but where the byte was.  Runs on the build host too.
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

#define NAME "sl\xc3\xa9\xe2\x82\xacp"	/* slé€p */
#define BAD "a\xff\x62"	/* a, an invalid byte, b */

static char out[1 << 16];

/* Characters (UTF-8 lead bytes) of the line of @text that contains @s */
static int line_chars(const char *text, const char *s)
{
	const char *p = strstr(text, s), *b, *e;
	int n = 0;

	if (!p)
		return -1;
	for (b = p; b > text && b[-1] != '\n'; b--)
		;
	e = strchrnul(p, '\n');
	for (; b < e; b++)
		n += ((unsigned char)*b & 0xc0) != 0x80;
	return n;
}

static void test_records(pid_t pid)
{
	char arg[16];
	char *const p[] = { td_client(), "-p", arg, NULL };
	char *const j[] = { td_client(), "-J", "-t", arg, NULL };
	char *const top[] = { td_client(), "-T", "-n", "1", "-i", "200", "-p",
			      arg, NULL };
	char *const topj[] = { td_client(), "-T", "-J", "-n", "1", "-i", "200",
			       "-p", arg, NULL };
	int rc, head, row;

	snprintf(arg, sizeof(arg), "%d", pid);
	rc = run_capture(p, 0, 0, out, sizeof(out));
	ksft_test_result(!rc && strstr(out, "(" NAME ")"),
			 "-p shows the name as it is\n");
	rc = run_capture(j, 0, 0, out, sizeof(out));
	if (rc || !strstr(out, "\"comm\":\"" NAME "\""))
		print_diag_lines("taskdelays -J -t", out);
	ksft_test_result(!rc && strstr(out, "\"comm\":\"" NAME "\""),
			 "-t -J carries it as UTF-8\n");
	rc = run_capture(top, 0, 0, out, sizeof(out));
	head = line_chars(out, " COMM ");
	row = line_chars(out, NAME);
	if (rc || head < 0 || row != head)
		print_diag_lines("taskdelays -T", out);
	ksft_test_result(!rc && head > 0 && row == head,
			 "-T: its row is as wide as the header (%d, %d characters)\n",
			 row, head);
	rc = run_capture(topj, 0, 0, out, sizeof(out));
	ksft_test_result(!rc && strstr(out, "\"comm\":\"" NAME "\""),
			 "-T -J carries it as UTF-8\n");
}

static void test_invalid(pid_t pid)
{
	char arg[16];
	char *const p[] = { td_client(), "-p", arg, NULL };
	char *const j[] = { td_client(), "-J", "-p", arg, NULL };
	int rc;

	snprintf(arg, sizeof(arg), "%d", pid);
	rc = run_capture(p, 0, 0, out, sizeof(out));
	ksft_test_result(!rc && strstr(out, "(a?b)"),
			 "-p shows an invalid byte as '?'\n");
	rc = run_capture(j, 0, 0, out, sizeof(out));
	if (rc || !strstr(out, "\"comm\":\"a?b\""))
		print_diag_lines("taskdelays -J -p", out);
	ksft_test_result(!rc && strstr(out, "\"comm\":\"a?b\""),
			 "-p -J: valid JSON, the invalid byte '?'\n");
}

int main(void)
{
	pid_t good, bad;

	td_begin();
	ksft_set_plan(4 + 2);
	good = td_named_child(NAME);
	bad = td_named_child(BAD);
	if (good < 0 || bad < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	test_records(good);
	test_invalid(bad);
	kill(good, SIGKILL);
	kill(bad, SIGKILL);
	waitpid(good, NULL, 0);
	waitpid(bad, NULL, 0);
	ksft_finished();
}
