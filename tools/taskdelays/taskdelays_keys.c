// SPDX-License-Identifier: GPL-2.0
/*
 * Keys of taskdelays -T on a terminal.  The sort key moves over the
 * columns as they are shown (TOTAL, then each delay type) with s, > or
 * the right arrow and back with < or the left arrow, as in top and
 * iotop; 0 sorts by TOTAL and 1..8 by the Nth delay column; c (cpu),
 * i (blkio: I/O) and t (total) are the letters delaytop and iotop users
 * reach for.  H switches between processes and threads, as in top.
 */
#include <curses.h>

#include "taskdelays_keys.h"
#include "taskstats_parse.h"

/* 0 is TOTAL, 1-8 the delay columns */
_Static_assert(TD_NR_DELAYS == 8, "the help line names columns 0-8");
const char td_top_help[] =
	"q quit  s/>/right next sort  </left previous  0-8 column  t total  c cpu  i blkio  H threads";

static enum td_key_action td_sort_by(struct td_view *v, int sort)
{
	if (v->sort == sort)
		return TD_KEY_NONE;
	v->sort = sort;
	return TD_KEY_REDRAW;
}

enum td_key_action td_top_key(int ch, struct td_view *v)
{
	/* sort keys in column order: -1 (TOTAL), 0 .. TD_NR_DELAYS - 1 */
	int ncols = TD_NR_DELAYS + 1;

	switch (ch) {
	case 'q':
	case 'Q':
		return TD_KEY_QUIT;
	case 's':
	case '>':
	case KEY_RIGHT:
		return td_sort_by(v, (v->sort + 2) % ncols - 1);
	case '<':
	case KEY_LEFT:
		return td_sort_by(v, (v->sort + ncols) % ncols - 1);
	case 't':
		return td_sort_by(v, -1);
	case 'c':
		return td_sort_by(v, TD_CPU);
	case 'i':
		return td_sort_by(v, TD_BLKIO);
	case 'H':
		v->threads = !v->threads;
		return TD_KEY_RESAMPLE;
	case KEY_RESIZE:
	case 'L' & 0x1f:	/* ^L: draw the whole screen again */
		return TD_KEY_REDRAW;
	}
	if (ch >= '0' && ch <= '9' && ch - '0' <= TD_NR_DELAYS)
		return td_sort_by(v, ch - '0' - 1);
	return TD_KEY_NONE;
}
