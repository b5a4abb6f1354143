// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of td_top_key(), the keys of the interactive top view: each
 * key's action and the view it leaves, walked over every sort key.
 * Expected sort keys come from the column order, TOTAL then td_delays[].
 */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "taskdelays_keys.h"
#include "taskstats_parse.h"
#include "tests/check.h"

static const char *sort_name(int sort)
{
	return sort < 0 ? "total" : td_delays[sort].name;
}

/* @key pressed TD_NR_DELAYS + 1 times visits every column once, in order */
static void test_cycle(int key, int step, const char *what)
{
	struct td_view v = { .sort = -1 };
	int i, want = -1, bad = 0;

	for (i = 0; i <= TD_NR_DELAYS; i++) {
		enum td_key_action a = td_top_key(key, &v);

		/* -1, 0, ..., TD_NR_DELAYS - 1, wrapping around */
		want = (want + 2 + step + TD_NR_DELAYS + 1) % (TD_NR_DELAYS + 1) - 1;
		if (a != TD_KEY_REDRAW || v.sort != want || v.threads) {
			printf("# %s press %d: action %d sort %s, want %s\n", what,
			       i + 1, a, sort_name(v.sort), sort_name(want));
			bad++;
		}
	}
	CHECK(!bad && v.sort == -1,
	      "%s walks all %d columns and comes back to total", what,
	      TD_NR_DELAYS + 1);
}

static void test_left_undoes_right(void)
{
	int sort, bad = 0;

	for (sort = -1; sort < TD_NR_DELAYS; sort++) {
		struct td_view v = { .sort = sort };

		td_top_key(KEY_RIGHT, &v);
		td_top_key(KEY_LEFT, &v);
		bad += v.sort != sort;
		td_top_key('<', &v);
		td_top_key('>', &v);
		bad += v.sort != sort;
	}
	CHECK(!bad, "left undoes right and < undoes >, from every sort key");
}

static void test_direct(void)
{
	struct td_view v = { .sort = -1 };
	int i, bad = 0;

	for (i = 1; i <= TD_NR_DELAYS; i++) {
		bad += td_top_key('0' + i, &v) != TD_KEY_REDRAW;
		bad += v.sort != i - 1;
	}
	CHECK(!bad, "1-%d sort by the delay columns in order", TD_NR_DELAYS);
	CHECK(td_top_key('0', &v) == TD_KEY_REDRAW && v.sort == -1,
	      "0 sorts by total");
	CHECK(td_top_key('0', &v) == TD_KEY_NONE && v.sort == -1,
	      "the key of the current sort changes nothing");
	CHECK(td_top_key('0' + TD_NR_DELAYS + 1, &v) == TD_KEY_NONE &&
	      v.sort == -1, "a digit past the last column is no key");
	CHECK(td_top_key('c', &v) == TD_KEY_REDRAW && v.sort == TD_CPU &&
	      !strcmp(td_delays[v.sort].name, "cpu"), "c sorts by cpu");
	CHECK(td_top_key('i', &v) == TD_KEY_REDRAW && v.sort == TD_BLKIO &&
	      !strcmp(td_delays[v.sort].name, "blkio"), "i sorts by blkio");
	CHECK(td_top_key('t', &v) == TD_KEY_REDRAW && v.sort == -1,
	      "t sorts by total");
}

static void test_other_keys(void)
{
	static const char none[] = "x\n hjkz";
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
	for (i = 0; none[i]; i++)
		bad += td_top_key(none[i], &v) != TD_KEY_NONE;
	bad += td_top_key(-1, &v) != TD_KEY_NONE;	/* ERR: no key */
	bad += td_top_key(0, &v) != TD_KEY_NONE;
	bad += v.sort != TD_CPU || v.threads;
	CHECK(!bad, "other keys do nothing");
	CHECK(strstr(td_top_help, "q quit") && strstr(td_top_help, "H threads") &&
	      strstr(td_top_help, "s/>"), "the help line names q, s and H");
}

int main(void)
{
	ksft_print_header();
	test_cycle('s', 0, "s");
	test_cycle('>', 0, ">");
	test_cycle(KEY_RIGHT, 0, "right arrow");
	test_cycle('<', -2, "<");
	test_cycle(KEY_LEFT, -2, "left arrow");
	test_left_undoes_right();
	test_direct();
	test_other_keys();
	check_done("test_keys");
}
