// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the top view's columns and keys (taskdelays_keys.c):
 * each key's action and the view it leaves, walked over every column
 * of the short and the full view.  Expected columns come from
 * td_view_cols() and the names from td_delays[], never from constants
 * copied from the code.
 */
#include <ctype.h>
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "taskdelays_keys.h"
#include "taskstats_parse.h"
#include "ktap_check.h"

/* @key pressed once per column visits every column once, in order */
static void test_cycle(int key, int step, bool full, const char *what)
{
	struct td_view v = { .sort = TD_COL_TOTAL, .full = full };
	const int *cols;
	int n = td_view_cols(&v, &cols), i, pos = 0, bad = 0;

	for (i = 0; i < n; i++) {
		enum td_key_action a = td_top_key(key, &v);

		pos = (pos + step + n) % n;
		if (a != TD_KEY_REDRAW || v.sort != cols[pos] || v.threads ||
		    v.full != full) {
			printf("# %s press %d: action %d sort %s, want %s\n", what,
			       i + 1, a, td_col_name(v.sort), td_col_name(cols[pos]));
			bad++;
		}
	}
	CHECK(!bad && v.sort == TD_COL_TOTAL,
	      "%s walks all %d columns of the %s view and comes back to total",
	      what, n, full ? "full" : "short");
}

static bool has_col(const struct td_view *v, int col)
{
	const int *cols;
	unsigned int n = td_view_cols(v, &cols), i;

	for (i = 0; i < n; i++)
		if (cols[i] == col)
			return true;
	return false;
}

static void test_columns(void)
{
	struct td_view shrt = { 0 }, full = { .full = true };
	int i, j, bad = 0;

	for (i = 0; i < TD_NR_DELAYS; i++) {
		bool mem = i >= TD_SWAPIN && i <= TD_WPCOPY;

		bad += !has_col(&full, i) || has_col(&shrt, i) == mem;
	}
	CHECK(!bad && has_col(&shrt, TD_COL_MEM) && !has_col(&full, TD_COL_MEM),
	      "the short view sums the memory delays in MEM, the full view shows each");
	CHECK(has_col(&shrt, TD_IRQ) && has_col(&shrt, TD_COL_READ) &&
	      has_col(&shrt, TD_COL_WRITE) && has_col(&full, TD_COL_READ),
	      "both views show irq and the bytes read and written");
	for (bad = 0, i = TD_COL_TOTAL; i < TD_NR_COLS; i++)
		bad += td_col_by_name(td_col_name(i)) != i ||
		       !td_col_title(i) || !td_col_title(i)[0];
	CHECK(!bad && td_col_by_name("cpu") == TD_CPU &&
	      td_col_by_name("irq") == TD_IRQ && td_col_by_name("nope") == -2,
	      "every column has a title and a sort name that finds it");
	for (bad = 0, i = TD_COL_TOTAL; i < TD_NR_COLS; i++) {
		char title[16];

		snprintf(title, sizeof(title), "%s", td_col_title(i));
		bad += td_col_by_name(title) != i;
		title[strcspn(title, "%")] = '\0';
		bad += td_col_by_name(title) != i;
		for (j = 0; title[j]; j++)
			title[j] = tolower((unsigned char)title[j]);
		bad += td_col_by_name(title) != i;
	}
	CHECK(!bad && td_col_by_name("io") == TD_BLKIO &&
	      td_col_by_name("swap") == TD_SWAPIN &&
	      td_col_by_name("reclaim") == TD_FREEPAGES &&
	      td_col_by_name("rd/s") == TD_COL_READ &&
	      td_col_by_name("avg") == TD_COL_AVG &&
	      td_col_by_name("AVGms") == TD_COL_AVG &&
	      td_col_by_name("events") == TD_COL_EVENTS &&
	      td_col_by_name("i") == -2 && td_col_by_name("io%x") == -2,
	      "every column title, with or without %%, in any case, is a sort key");
}

static void test_left_undoes_right(void)
{
	int sort, bad = 0, f;

	for (f = 0; f < 2; f++) {
		for (sort = TD_COL_TOTAL; sort < TD_NR_COLS; sort++) {
			struct td_view v = { .sort = sort, .full = f };

			if (!has_col(&v, sort))
				continue;
			td_top_key(KEY_RIGHT, &v);
			td_top_key(KEY_LEFT, &v);
			bad += v.sort != sort;
			td_top_key('<', &v);
			td_top_key('>', &v);
			bad += v.sort != sort;
		}
	}
	CHECK(!bad, "left undoes right and < undoes >, from every column shown");
}

static void test_direct(void)
{
	struct td_view v = { .sort = TD_COL_TOTAL };
	const int *cols;
	int n = td_view_cols(&v, &cols), i, bad = 0;

	for (i = 1; i < n; i++) {
		bad += td_top_key('0' + i, &v) != TD_KEY_REDRAW;
		bad += v.sort != cols[i];
	}
	CHECK(!bad, "1-%d sort by the columns after TOTAL, in order", n - 1);
	CHECK(td_top_key('0', &v) == TD_KEY_REDRAW && v.sort == TD_COL_TOTAL,
	      "0 sorts by total");
	CHECK(td_top_key('0', &v) == TD_KEY_NONE && v.sort == TD_COL_TOTAL,
	      "the key of the current sort changes nothing");
	CHECK(td_top_key('0' + n, &v) == TD_KEY_NONE && v.sort == TD_COL_TOTAL,
	      "a digit past the last column is no key");
	CHECK(td_top_key('c', &v) == TD_KEY_REDRAW && v.sort == TD_CPU &&
	      !strcmp(td_col_name(v.sort), "cpu"), "c sorts by cpu");
	CHECK(td_top_key('i', &v) == TD_KEY_REDRAW && v.sort == TD_BLKIO &&
	      !strcmp(td_col_name(v.sort), "blkio"), "i sorts by blkio");
	CHECK(td_top_key('t', &v) == TD_KEY_REDRAW && v.sort == TD_COL_TOTAL,
	      "t sorts by total");
}

static void test_memory_key(void)
{
	struct td_view v = { .sort = TD_COL_MEM };

	CHECK(td_top_key('m', &v) == TD_KEY_REDRAW && v.full &&
	      has_col(&v, v.sort) && v.sort == TD_SWAPIN,
	      "m shows each memory delay; sorted by MEM, it sorts by the first");
	v.sort = TD_THRASHING;
	CHECK(td_top_key('M', &v) == TD_KEY_REDRAW && !v.full &&
	      v.sort == TD_COL_MEM,
	      "M goes back to MEM; sorted by one memory delay, it sorts by MEM");
	v.sort = TD_IRQ;
	CHECK(td_top_key('m', &v) == TD_KEY_REDRAW && v.full &&
	      v.sort == TD_IRQ, "a sort key both views show stays");
}

static void test_scroll(void)
{
	struct td_view v = { .page = 20 };

	CHECK(td_top_key(KEY_UP, &v) == TD_KEY_NONE && v.scroll == 0,
	      "up at the top does nothing");
	CHECK(td_top_key(KEY_DOWN, &v) == TD_KEY_REDRAW && v.scroll == 1,
	      "down scrolls one row");
	CHECK(td_top_key(KEY_NPAGE, &v) == TD_KEY_REDRAW && v.scroll == 21,
	      "PgDn scrolls a page");
	CHECK(td_top_key(KEY_PPAGE, &v) == TD_KEY_REDRAW && v.scroll == 1 &&
	      td_top_key(KEY_PPAGE, &v) == TD_KEY_REDRAW && v.scroll == 0,
	      "PgUp scrolls a page back, not past the top");
	CHECK(td_top_key(KEY_END, &v) == TD_KEY_REDRAW && v.scroll > 1000 &&
	      td_top_key(KEY_HOME, &v) == TD_KEY_REDRAW && v.scroll == 0,
	      "End goes past the last row (the screen shows the last page), Home to the top");
	CHECK(td_top_key(' ', &v) == TD_KEY_REDRAW && v.scroll == 20 &&
	      td_top_key('b', &v) == TD_KEY_REDRAW && v.scroll == 0 &&
	      td_top_key('G', &v) == TD_KEY_REDRAW && v.scroll > 1000 &&
	      td_top_key('g', &v) == TD_KEY_REDRAW && v.scroll == 0,
	      "space, b, g and G scroll as in less");
	v.scroll = 7;
	CHECK(td_top_key('o', &v) == TD_KEY_REDRAW && v.active && !v.scroll,
	      "o shows only active rows, from the top");
}

static void test_other_keys(void)
{
	static const char none[] = "x\njkz";
	struct td_view v = { .sort = TD_CPU };
	unsigned int i, bad = 0;

	CHECK(td_top_key('q', &v) == TD_KEY_QUIT && v.sort == TD_CPU &&
	      !v.threads, "q quits and leaves the view alone");
	CHECK(td_top_key('Q', &v) == TD_KEY_QUIT, "Q quits");
	CHECK(td_top_key('H', &v) == TD_KEY_RESAMPLE && v.threads &&
	      v.sort == TD_CPU, "H switches to threads and keeps the sort key");
	CHECK(td_top_key('H', &v) == TD_KEY_RESAMPLE && !v.threads,
	      "H again switches back to processes");
	CHECK(td_top_key('L' & 0x1f, &v) == TD_KEY_REDRAW && v.sort == TD_CPU,
	      "^L redraws without changing the view");
	v.scroll = 3;
	CHECK(td_top_key('T' & 0x1f, &v) == TD_KEY_ACCT && v.sort == TD_CPU &&
	      !v.threads && !v.full && !v.active && v.scroll == 3,
	      "^T asks to switch accounting and leaves the view alone");
	CHECK(td_top_key('/', &v) == TD_KEY_FILTER &&
	      td_top_key('?', &v) == TD_KEY_HELP &&
	      td_top_key('h', &v) == TD_KEY_HELP && v.sort == TD_CPU &&
	      !v.threads && !v.full && !v.active && v.scroll == 3,
	      "/ asks for a name filter, ? and h for the keys, the view unchanged");
	CHECK(strstr(td_top_keys, "\n  /  ") && strstr(td_top_keys, "\n  ? h "),
	      "the keys' screen lists / and ? h");
	v.scroll = 0;
	for (i = 0; none[i]; i++)
		bad += td_top_key(none[i], &v) != TD_KEY_NONE;
	bad += td_top_key(-1, &v) != TD_KEY_NONE;	/* ERR: no key */
	bad += td_top_key(0, &v) != TD_KEY_NONE;
	bad += v.sort != TD_CPU || v.threads;
	CHECK(!bad, "other keys do nothing");
	CHECK(strstr(td_top_help, "q:quit") && strstr(td_top_help, "H:threads") &&
	      strstr(td_top_help, "m:mem") && strstr(td_top_help, "^T:acct") &&
	      strstr(td_top_help, "/:name") && strstr(td_top_help, "?:keys") &&
	      strlen(td_top_help) + strlen("  rows 1000-1099 of 1100") < 80,
	      "the help line names q, m, H, ^T, / and ? and leaves room for the row count on 80 columns");
}

int main(void)
{
	check_header();
	test_cycle('s', 1, false, "s");
	test_cycle('>', 1, false, ">");
	test_cycle(KEY_RIGHT, 1, true, "right arrow");
	test_cycle('<', -1, false, "<");
	test_cycle(KEY_LEFT, -1, true, "left arrow");
	test_columns();
	test_left_undoes_right();
	test_direct();
	test_memory_key();
	test_scroll();
	test_other_keys();
	return check_done("test-keys");
}
