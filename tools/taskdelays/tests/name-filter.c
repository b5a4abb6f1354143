// SPDX-License-Identifier: GPL-2.0
/*
 * The name filter of taskdelays -T and its keys' help: -P REGEX shows
 * only the tasks whose COMM matches (two children named by prctl, one
 * matching, in text and JSON), a regex that does not compile is refused
 * with 2 naming it; on a pty (TERM=vt100, read back through the vt100
 * model) / sets the filter, an empty one shows every name again, and ?
 * and h show the keys until any key brings the table back.  Runs on the
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

#define WAIT_MS 20000
#define MAX_ROWS 256

static char out[1 << 18];
static struct row rows[MAX_ROWS];
static char yes[16], no[16];	/* the children's names */

/* Rows of @text: every one named @yes, at least one; -1 otherwise */
static int only_yes(const char *text)
{
	struct table t;
	int n = table_parse(text, &t, rows, MAX_ROWS), i;

	for (i = 0; i < n; i++)
		if (strcmp(rows[i].comm, yes)) {
			ksft_print_msg("row of %s shown\n", rows[i].comm);
			return -1;
		}
	return n > 0 ? n : -1;
}

static void test_batch(const char *pat)
{
	char *const text[] = { td_client(), "-T", "-n", "1", "-i", "200",
			       "-P", (char *)pat, NULL };
	char *const json[] = { td_client(), "-T", "-J", "-n", "1", "-i", "200",
			       "-P", (char *)pat, NULL };
	char *const bad[] = { td_client(), "-T", "-n", "1", "-P", "td(", NULL };
	char want[64];
	int rc, n;

	rc = run_capture(text, 0, 0, out, sizeof(out));
	n = rc ? -1 : only_yes(out);
	if (n != 1)
		print_diag_lines("taskdelays -T -P", out);
	ksft_test_result(n == 1, "-P '%s': the one matching process, not %s\n",
			 pat, no);

	rc = run_capture(json, 0, 0, out, sizeof(out));
	snprintf(want, sizeof(want), "\"comm\":\"%s\"", yes);
	n = !rc && strstr(out, want) && strstr(out, "\"name_filter\":") &&
	    !strstr(out, no) && !strstr(strstr(out, want) + 1, "\"comm\":");
	if (!n)
		print_diag_lines("taskdelays -T -J -P", out);
	ksft_test_result(n, "-T -J -P: the matching task only, and the filter\n");

	rc = run_capture(bad, 0, 0, out, sizeof(out));
	n = rc == 2 && strstr(out, "-P 'td(':") && strchr(out, '\n') &&
	    !strchr(out, '\n')[1];
	if (!n)
		print_diag_lines("taskdelays -P 'td('", out);
	ksft_test_result(n, "-P 'td(': refused with 2 (%d) in one line naming it\n",
			 rc);
}

/* The rows on the screen are @yes's only (@only) or include @no's */
static bool screen_rows(bool only)
{
	int n;

	if (only)
		return only_yes(vt_text()) == 1;
	n = table_parse(vt_text(), &(struct table){ 0 }, rows, MAX_ROWS);
	return n > 1;
}

static void test_keys(const char *pat)
{
	char *const argv[] = { td_client(), "-T", "-i", "300", NULL };
	char keys[64];
	struct term term;
	bool ok;

	vt_reset(40, 100);
	if (term_start(&term, argv))
		ksft_exit_fail_msg("forkpty failed\n");
	ok = term_wait(&term, " COMM ", WAIT_MS);
	term_settle(&term, 300);
	snprintf(keys, sizeof(keys), "/%s\r", pat);
	term_keys(&term, keys);
	ok = ok && term_wait(&term, "names matching:", WAIT_MS);
	term_settle(&term, 500);
	ok = ok && vt_find(pat) >= 0 && screen_rows(true);
	if (!ok)
		vt_dump("after /");
	ksft_test_result(ok, "/%s: the head names it, the one matching process shown\n",
			 pat);

	term_keys(&term, "/");
	term_settle(&term, 300);
	/* the prompt holds the pattern: backspace it all, Enter */
	for (size_t i = 0; i < strlen(pat); i++)
		term_keys(&term, "\x7f");
	term_keys(&term, "\r");
	term_settle(&term, 500);
	ok = vt_find("names matching:") < 0 && vt_find(" COMM ") >= 0 &&
	     screen_rows(false);
	if (!ok)
		vt_dump("after an empty /");
	ksft_test_result(ok, "an empty / shows every name again\n");

	for (const char *k = "?h"; *k; k++) {
		char key[2] = { *k };

		term_keys(&term, key);
		/* the status line is drawn last */
		ok = term_wait(&term, "any key returns", WAIT_MS);
		term_settle(&term, 300);
		ok = ok && vt_find("Keys of taskdelays -T") >= 0 &&
		     vt_find(" COMM ") < 0;
		if (!ok)
			vt_dump("help");
		term_keys(&term, "x");
		ok = ok && term_wait(&term, " COMM ", WAIT_MS) &&
		     vt_find("Keys of taskdelays -T") < 0;
		if (!ok)
			vt_dump("after the help");
		ksft_test_result(ok, "%c shows the keys, any key the table again\n",
				 *k);
	}
	term_keys(&term, "q");
	ksft_test_result(WIFEXITED(term_stop(&term, 5000)), "q still quits\n");
}

int main(void)
{
	pid_t a, b;
	char pat[32];

	td_begin();
	ksft_set_plan(3 + 5);
	/* names no other task has: with this test's pid */
	snprintf(yes, sizeof(yes), "tdyes%d", getpid() % 100000);
	snprintf(no, sizeof(no), "tdno%d", getpid() % 100000);
	snprintf(pat, sizeof(pat), "^td(yes|maybe)%d$", getpid() % 100000);
	a = td_named_child(yes);
	b = td_named_child(no);
	if (a < 0 || b < 0)
		ksft_exit_fail_msg("fork: %s\n", strerror(errno));
	test_batch(pat);
	test_keys(pat);
	kill(a, SIGKILL);
	kill(b, SIGKILL);
	waitpid(a, NULL, 0);
	waitpid(b, NULL, 0);
	ksft_finished();
}
