// SPDX-License-Identifier: GPL-2.0
/*
 * taskdelays -T fits the terminal (forkpty, TERM=vt100, read back
 * through the vt100 model): on 80 columns with and without -M, and on
 * 60 columns in each view, the columns that do not fit are dropped and named on a
 * "hidden" line, every title shown is whole, every row has a cell under
 * each, the head's lines (the first, PSI, the accounting warning) and
 * the status line's row count are whole, and the sort keys move over
 * the columns shown only; on 100 columns the default view hides none.
 * Runs on the build host too.
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

/* Sort key names and their columns' titles */
static const char *const keys[][2] = {
	{ "total", "TOTAL%" }, { "cpu", "CPU%" }, { "blkio", "IO%" },
	{ "swapin", "SWAP%" }, { "freepages", "RECLAIM%" },
	{ "thrashing", "THRASH%" }, { "compact", "COMPACT%" },
	{ "wpcopy", "WPCOPY%" }, { "irq", "IRQ%" }, { "mem", "MEM%" },
	{ "read", "RD/s" }, { "write", "WR/s" }, { "avg", "AVGms" },
	{ "events", "EVENTS" },
};

static const char *const short_cols[] = {
	"TOTAL%", "CPU%", "IO%", "MEM%", "IRQ%", "RD/s", "WR/s", "AVGms",
	"EVENTS",
};

static const char *const full_cols[] = {
	"TOTAL%", "CPU%", "IO%", "SWAP%", "RECLAIM%", "THRASH%", "COMPACT%",
	"WPCOPY%", "IRQ%", "RD/s", "WR/s", "AVGms", "EVENTS",
};

/* Whether word @w is in the space-separated @line */
static bool has_word(const char *line, const char *w)
{
	size_t len = strlen(w);
	const char *p;

	for (p = strstr(line, w); p; p = strstr(p + 1, w))
		if ((p == line || p[-1] == ' ') && (!p[len] || p[len] == ' '))
			return true;
	return false;
}

/*
 * Every column of the view is on the header line or the hidden line,
 * never both; returns how many are hidden, or -1
 */
static int shown_or_hidden(const char *const *want, int n, bool *any_shown)
{
	int head = vt_find(" COMM "), hid = vt_find("hidden, too narrow:");
	char header[VT_MAX_COLS + 1], hidden[VT_MAX_COLS + 1] = "";
	int i, nh = 0;

	if (head < 0)
		return -1;
	snprintf(header, sizeof(header), "%s", vt_line(head));
	if (hid >= 0)
		snprintf(hidden, sizeof(hidden), "%s",
			 vt_line(hid) + strlen("hidden, too narrow:"));
	*any_shown = false;
	for (i = 0; i < n; i++) {
		bool s = has_word(header, want[i]), h = has_word(hidden, want[i]);

		if (s == h) {
			ksft_print_msg("%s: %s\n", want[i], s ? "shown and hidden" :
				       "neither shown nor named hidden");
			return -1;
		}
		nh += h;
		*any_shown |= s;
	}
	return nh;
}

/* The head's lines are whole: none runs to the last column cut short */
static bool head_whole(int cols)
{
	int head = vt_find(" COMM "), i;
	const char *first = vt_line(0);
	size_t len = strlen(first);

	while (len && first[len - 1] == ' ')
		len--;
	if (!len || first[len - 1] != ':') {
		ksft_print_msg("first line cut: '%s'\n", first);
		return false;
	}
	for (i = 1; i < head; i++) {
		const char *l = vt_line(i);
		size_t n = strlen(l);

		while (n && l[n - 1] == ' ')
			n--;
		if ((int)n >= cols) {
			ksft_print_msg("line %d fills all %d columns: '%s'\n",
				       i, cols, l);
			return false;
		}
		/* a PSI row ends with its total, "12.3s", or n/a */
		if ((!strncmp(l, "cpu ", 4) || !strncmp(l, "io ", 3)) &&
		    !(l[n - 1] == 's' || l[n - 1] == 'a')) {
			ksft_print_msg("PSI row cut: '%s'\n", l);
			return false;
		}
	}
	return true;
}

/* The column the head's "by KEY:" names */
static const char *sorted_by(void)
{
	const char *p = strstr(vt_line(0), " by ");
	unsigned int i;

	for (i = 0; p && i < ARRAY_SIZE(keys); i++)
		if (!strncmp(p + 4, keys[i][0], strlen(keys[i][0])) &&
		    p[4 + strlen(keys[i][0])] == ':')
			return keys[i][1];
	return NULL;
}

static void test_width(int cols, const char *opt, bool want_hidden)
{
	char *argv[6] = { td_client(), "-T", "-i", "500" };
	const char *const *want = short_cols;
	int n = ARRAY_SIZE(short_cols), hidden, i, a, b, nr;
	static struct row r[VT_MAX_ROWS];
	bool ok, shown, sorts = true;
	struct term term;
	struct table t;
	const char *st;

	if (opt) {
		argv[4] = (char *)opt;
		if (!strcmp(opt, "-M")) {
			want = full_cols;
			n = ARRAY_SIZE(full_cols);
		}
	}
	vt_reset(24, cols);
	if (term_start(&term, argv))
		ksft_exit_fail_msg("forkpty failed\n");
	ok = term_wait(&term, " COMM ", WAIT_MS) &&
	     term_wait(&term, "rows 1-", WAIT_MS);
	term_settle(&term, 300);
	hidden = ok ? shown_or_hidden(want, n, &shown) : -1;
	ok = hidden >= 0 && shown && (hidden > 0) == want_hidden;
	if (!ok)
		vt_dump("columns");
	ksft_test_result(ok, "%d columns%s%s: %d of %d columns hidden and named, the rest whole\n",
			 cols, opt ? " " : "", opt ? opt : "", hidden, n);

	nr = table_parse(vt_text(), &t, r, VT_MAX_ROWS);
	st = strstr(vt_line(23), "rows ");
	ok = nr > 0 && head_whole(cols) && st &&
	     sscanf(st, "rows %d-%d of %d", &a, &b, &nr) == 3;
	for (i = 0; ok && vt_find(" COMM ") + 1 + i < 23 && i < b - a + 1; i++) {
		const char *l = vt_line(vt_find(" COMM ") + 1 + i);

		ok = (int)strlen(l) <= cols;
	}
	if (!ok)
		vt_dump("head or status cut");
	ksft_test_result(ok, "%d columns%s%s: head, PSI, warning and row count whole\n",
			 cols, opt ? " " : "", opt ? opt : "");

	/* > walks the sort key over the columns shown, never a hidden one */
	for (i = 0; i < n + 1 && sorts; i++) {
		const char *key;

		term_keys(&term, ">");
		term_settle(&term, 300);
		key = sorted_by();
		sorts = key && has_word(vt_line(vt_find(" COMM ")), key);
		if (!sorts)
			vt_dump("sorted by a column not shown");
	}
	ksft_test_result(sorts, "%d columns%s%s: > sorts by the columns shown only\n",
			 cols, opt ? " " : "", opt ? opt : "");
	term_keys(&term, "q");
	term_stop(&term, 5000);
}

int main(void)
{
	td_begin();
	ksft_set_plan(5 * 3);
	test_width(80, "-M", true);
	/* the process view's row is 85 columns with AVGms and EVENTS */
	test_width(80, NULL, true);
	test_width(100, NULL, false);
	test_width(60, NULL, true);
	test_width(60, "-H", true);
	ksft_finished();
}
