// SPDX-License-Identifier: GPL-2.0
/*
 * taskdelays -T on an 80x24 and a 200x60 terminal (forkpty, TERM=vt100,
 * read back through the vt100 model): every column title is on the
 * screen and whole, or named on the line of those too narrow to fit
 * (tests/widths.c checks which), the rows fill the terminal down to the help line,
 * the help line says which rows are shown, and the rows scroll: down
 * moves by one, space by a page, g (Home) shows the first page and G
 * (End) the last.  On 200 columns m shows each memory delay.  Runs
 * on the build host too.
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
#define IDLE 80			/* more processes than 60 lines show */

static const char *const short_titles[] = {
	"TGID", "COMM", "TOTAL%", "CPU%", "IO%", "MEM%", "IRQ%", "RD/s", "WR/s",
	"AVGms", "EVENTS",
};

static const char *const full_titles[] = {
	"SWAP%", "RECLAIM%", "THRASH%", "COMPACT%", "WPCOPY%", "IRQ%", "WR/s",
	"AVGms", "EVENTS",
};

static void idle(void *arg)
{
	(void)arg;
	pause();
}

/*
 * Every title, whole, on the header line (a title cut short is missing)
 * or on the hidden line
 */
static bool titles(const char *const *want, int n)
{
	int head = vt_find(" COMM "), hid = vt_find("hidden, too narrow:"), i;
	char line[VT_MAX_COLS + 3], hidden[VT_MAX_COLS + 3] = "";

	if (head < 0)
		return false;
	snprintf(line, sizeof(line), " %s ", vt_line(head));
	if (hid >= 0)
		snprintf(hidden, sizeof(hidden), " %s ", vt_line(hid));
	for (i = 0; i < n; i++) {
		char t[32];

		snprintf(t, sizeof(t), " %s ", want[i]);
		if (!strstr(line, t) && !strstr(hidden, t)) {
			ksft_print_msg("no column %s\n", want[i]);
			return false;
		}
	}
	return true;
}

/* The "rows A-B of N" of the help line */
static bool shown(int lines, int *a, int *b, int *n)
{
	const char *p = strstr(vt_line(lines - 1), "rows ");

	return p && sscanf(p, "rows %d-%d of %d", a, b, n) == 3;
}

/* Type @keys, then wait until the help line says rows @a- */
static bool scroll_to(struct term *t, const char *keys, int a)
{
	char want[32];

	snprintf(want, sizeof(want), "rows %d-", a);
	term_keys(t, keys);
	if (!term_wait(t, want, WAIT_MS))
		return false;
	term_settle(t, 300);
	return true;
}

static void test_size(int lines, int cols, bool wide)
{
	char *const argv[] = { td_client(), "-T", "-i", "1000", NULL };
	static struct row r[VT_MAX_ROWS];
	int a = 0, b = 0, n = 0, rows, page, status, i;
	struct table t;
	struct term term;
	bool ok;

	vt_reset(lines, cols);
	if (term_start(&term, argv))
		ksft_exit_fail_msg("forkpty failed\n");
	/* the help line is drawn last: with its rows the round is whole */
	ok = term_wait(&term, " COMM ", WAIT_MS) &&
	     term_wait(&term, "rows 1-", WAIT_MS);
	term_settle(&term, 300);
	ok = ok && titles(short_titles, ARRAY_SIZE(short_titles));
	if (!ok)
		vt_dump("without every title");
	ksft_test_result(ok, "%dx%d: every column title is on the screen, whole, or named hidden\n",
			 cols, lines);

	rows = table_parse(vt_text(), &t, r, VT_MAX_ROWS);
	page = lines - 1 - t.header_line - 1;
	ok = shown(lines, &a, &b, &n) && a == 1 && b == page && n > page &&
	     rows == page;
	if (!ok)
		vt_dump("not filled");
	ksft_test_result(ok, "%dx%d: %d rows fill the screen down to the help line (rows %d-%d of %d)\n",
			 cols, lines, rows, a, b, n);

	ok = scroll_to(&term, VT_KEY_DOWN, 2) && shown(lines, &a, &b, &n) &&
	     a == 2 && b == page + 1;
	/* a page on, or the last page when fewer rows are left */
	i = n - page + 1 < 2 + page ? n - page + 1 : 2 + page;
	ok = ok && scroll_to(&term, " ", i) && shown(lines, &a, &b, &n) &&
	     b == i + page - 1;
	if (!ok)
		vt_dump("after down and space");
	ksft_test_result(ok, "%dx%d: down scrolls a row, space a page\n", cols,
			 lines);

	/* g (Home) the first page, G (End): past the end, the last page */
	ok = scroll_to(&term, "g", 1) && shown(lines, &a, &b, &n) && a == 1;
	for (i = 0; i < 3 && ok && !(b == n && a == n - page + 1); i++) {
		char want[32];

		/* a round may bring more rows in between: G again */
		snprintf(want, sizeof(want), "-%d of %d", n, n);
		term_keys(&term, "G");
		term_wait(&term, want, WAIT_MS / 3);
		term_settle(&term, 300);
		ok = shown(lines, &a, &b, &n);
	}
	ok = ok && b == n && a == n - page + 1;
	if (!ok)
		vt_dump("after g and G");
	ksft_test_result(ok, "%dx%d: g shows the first page, G the last (rows %d-%d of %d)\n",
			 cols, lines, a, b, n);

	if (wide) {
		term_keys(&term, "m");
		ok = term_wait(&term, " SWAP% ", WAIT_MS);
		term_settle(&term, 200);
		ok = ok && titles(full_titles, ARRAY_SIZE(full_titles));
		if (!ok)
			vt_dump("after m");
		ksft_test_result(ok, "%dx%d: m shows each memory delay, every title whole\n",
				 cols, lines);
	}
	term_keys(&term, "q");
	status = term_stop(&term, 5000);
	ksft_test_result(WIFEXITED(status) && !WEXITSTATUS(status),
			 "%dx%d: q quits with status 0\n", cols, lines);
}

int main(void)
{
	struct child c[IDLE] = { { 0 } };
	int i;

	td_begin();
	ksft_set_plan(5 + 6);
	for (i = 0; i < IDLE; i++) {
		fork_child(&c[i], idle, NULL);
		start_child(&c[i]);
	}
	test_size(24, 80, false);
	test_size(60, 200, true);
	for (i = 0; i < IDLE; i++)
		kill_child(&c[i]);
	ksft_finished();
}
