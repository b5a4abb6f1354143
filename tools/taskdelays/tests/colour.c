// SPDX-License-Identifier: GPL-2.0
/*
 * taskdelays -T is in colour where the terminal has colours and
 * NO_COLOR (https://no-color.org) is unset or empty, and never
 * otherwise: on a pty with TERM=linux (terminfo: 8 colours) colour
 * comes, also with NO_COLOR empty; with NO_COLOR=1, or TERM=vt100 (no
 * colours), the screen is drawn without; a batch round on the same
 * terminal has no escape sequence at all.  Runs on the build host too.
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

#define WAIT_MS 20000

/*
 * Run -T (a round and its status line) on TERM=@term with NO_COLOR
 * @no_color (NULL: unset); whether colour came, in @coloured
 */
static bool screen(const char *term, const char *no_color, bool *coloured)
{
	char *const argv[] = { td_client(), "-T", "-i", "300", NULL };
	struct term t;
	bool ok;

	if (no_color)
		setenv("NO_COLOR", no_color, 1);
	else
		unsetenv("NO_COLOR");
	term_type(term);
	vt_reset(24, 100);
	if (term_start(&t, argv))
		ksft_exit_fail_msg("forkpty failed\n");
	ok = term_wait(&t, " COMM ", WAIT_MS) && term_wait(&t, "rows 1-", WAIT_MS);
	term_settle(&t, 300);
	*coloured = vt_colour_seen();
	if (!ok)
		vt_dump("no table");
	term_keys(&t, "q");
	ok = WIFEXITED(term_stop(&t, 5000)) && ok;
	unsetenv("NO_COLOR");
	return ok;
}

static void test_screen(const char *term, const char *no_color, bool want)
{
	bool coloured = false, ok = screen(term, no_color, &coloured);

	ksft_test_result(ok && coloured == want,
			 "TERM=%s, NO_COLOR %s%s%s: %s\n", term,
			 no_color ? "'" : "unset", no_color ? no_color : "",
			 no_color ? "'" : "", want ? "in colour" : "no colour");
}

/* -n 1 on the same terminal: plain text, no escape sequence at all */
static void test_batch(void)
{
	char *const argv[] = { td_client(), "-T", "-n", "1", "-i", "200", NULL };
	struct term t;
	bool ok;

	unsetenv("NO_COLOR");
	term_type("linux");
	vt_reset(24, 100);
	if (term_start(&t, argv))
		ksft_exit_fail_msg("forkpty failed\n");
	ok = term_wait(&t, NULL, WAIT_MS);
	ok = WIFEXITED(term_stop(&t, 5000)) && vt_find(" COMM ") >= 0 &&
	     !vt_esc_seen();
	if (!ok)
		vt_dump("batch");
	ksft_test_result(ok, "-n 1 on TERM=linux: plain text, no escape sequence\n");
}

int main(void)
{
	td_begin();
	ksft_set_plan(5);
	test_screen("linux", NULL, true);
	test_screen("linux", "", true);
	test_screen("linux", "1", false);
	test_screen("vt100", NULL, false);
	test_batch();
	ksft_finished();
}
