// SPDX-License-Identifier: GPL-2.0
/*
 * Columns and keys of taskdelays -T.  By default the memory delays
 * (swapin, freepages, thrashing, compact, wpcopy) share one MEM column,
 * as in delaytop, so that a row fits 80 columns; m shows each one.  The
 * sort key moves over the columns as they are shown with s, > or the
 * right arrow and back with < or the left arrow, as in top and iotop;
 * 0 sorts by TOTAL and 1..9 by the Nth column after it; c (cpu), i
 * (blkio: I/O) and t (total) are the letters delaytop and iotop users
 * reach for.  H switches between processes and threads, as in top; o
 * shows only the rows that had a delay or I/O, as in iotop.  The up and
 * down arrows, PgUp, PgDn, Home and End scroll the rows, and so do
 * less's space, b, g and G on terminals without those keys (vt100).
 * ^T switches kernel.task_delayacct, as in iotop-c.
 */
#include <curses.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "taskdelays_keys.h"

const char td_top_help[] =
	"q:quit <>:sort m:mem H:threads ^T:acct /:name ?:keys";

const char td_top_keys[] =
	"Keys of taskdelays -T\n"
	"\n"
	"  q             quit\n"
	"  s > right     sort by the next column shown\n"
	"  < left        sort by the previous column shown\n"
	"  0, 1-9        sort by TOTAL, by the Nth column after it\n"
	"  t c i         sort by total, cpu, blkio\n"
	"  m             each memory delay in its column, or MEM\n"
	"  H             threads or processes\n"
	"  o             only tasks with a delay or I/O in the interval\n"
	"  /             show only names that match a regular expression\n"
	"                (POSIX extended; empty: every name; Esc: unchanged)\n"
	"  ^T            switch kernel.task_delayacct on or off\n"
	"  up down       scroll a row\n"
	"  PgUp PgDn     scroll a page (also b and space)\n"
	"  Home End      first and last page (also g and G)\n"
	"  ^L            draw the screen again\n"
	"  ? h           this help\n";

static const int td_cols_short[] = {
	TD_COL_TOTAL, TD_CPU, TD_BLKIO, TD_COL_MEM, TD_IRQ, TD_COL_READ,
	TD_COL_WRITE, TD_COL_AVG, TD_COL_EVENTS,
};

static const int td_cols_full[] = {
	TD_COL_TOTAL, TD_CPU, TD_BLKIO, TD_SWAPIN, TD_FREEPAGES, TD_THRASHING,
	TD_COMPACT, TD_WPCOPY, TD_IRQ, TD_COL_READ, TD_COL_WRITE, TD_COL_AVG,
	TD_COL_EVENTS,
};

_Static_assert(TD_NR_DELAYS == 8, "the full view lists every delay type");

unsigned int td_view_cols(const struct td_view *v, const int **cols)
{
	if (v->full) {
		*cols = td_cols_full;
		return ARRAY_SIZE(td_cols_full);
	}
	*cols = td_cols_short;
	return ARRAY_SIZE(td_cols_short);
}

/*
 * Dropped first to last when the terminal is too narrow: the events
 * before MEM, as the average says more of a wait than their number
 */
static const int td_drop_order[] = {
	TD_IRQ, TD_COMPACT, TD_THRASHING, TD_WPCOPY, TD_FREEPAGES, TD_SWAPIN,
	TD_COL_EVENTS, TD_COL_MEM, TD_COL_WRITE, TD_COL_READ, TD_COL_AVG, -2,
	TD_CPU, TD_BLKIO,
};

int td_col_width(int col)
{
	int w = strlen(td_col_title(col));

	if (col == TD_COL_READ || col == TD_COL_WRITE)
		return w < 5 ? 5 : w;
	return w < 6 ? 6 : w;
}

unsigned int td_fit_width(const struct td_view *v, const struct td_fit *fit)
{
	unsigned int w = 7 + (v->threads ? 8 : 0) + 1 + fit->comm_w, i;

	for (i = 0; i < fit->nr_cols; i++)
		w += 1 + td_col_width(fit->cols[i]);
	return w;
}

void td_view_fit(const struct td_view *v, struct td_fit *fit)
{
	const int *all;
	unsigned int n = td_view_cols(v, &all), i, j, k;

	memcpy(fit->cols, all, n * sizeof(*all));
	fit->nr_cols = n;
	fit->nr_hidden = 0;
	fit->comm_w = TD_COMM_WIDTH;
	for (i = 0; v->width && i < ARRAY_SIZE(td_drop_order) &&
	     td_fit_width(v, fit) > v->width; i++) {
		/* -2: COMM gives up 5 characters before cpu and blkio go */
		if (td_drop_order[i] == -2) {
			fit->comm_w = TD_COMM_NARROW;
			continue;
		}
		if (td_drop_order[i] == v->sort)
			continue;
		for (j = 0; j < fit->nr_cols && fit->cols[j] != td_drop_order[i]; j++)
			;
		if (j == fit->nr_cols)
			continue;
		fit->hidden[fit->nr_hidden++] = fit->cols[j];
		for (k = j; k + 1 < fit->nr_cols; k++)
			fit->cols[k] = fit->cols[k + 1];
		fit->nr_cols--;
	}
}

static const char *const td_titles[TD_NR_COLS] = {
	[TD_CPU] = "CPU%", [TD_BLKIO] = "IO%", [TD_SWAPIN] = "SWAP%",
	[TD_FREEPAGES] = "RECLAIM%", [TD_THRASHING] = "THRASH%",
	[TD_COMPACT] = "COMPACT%", [TD_WPCOPY] = "WPCOPY%", [TD_IRQ] = "IRQ%",
	[TD_COL_MEM] = "MEM%", [TD_COL_READ] = "RD/s", [TD_COL_WRITE] = "WR/s",
	[TD_COL_AVG] = "AVGms", [TD_COL_EVENTS] = "EVENTS",
};

static const char *const td_names[TD_NR_COLS] = {
	[TD_COL_MEM] = "mem", [TD_COL_READ] = "read", [TD_COL_WRITE] = "write",
	[TD_COL_AVG] = "avg", [TD_COL_EVENTS] = "events",
};

const char *td_col_title(int col)
{
	return col < 0 ? "TOTAL%" : td_titles[col];
}

const char *td_col_name(int col)
{
	if (col < 0)
		return "total";
	return col < TD_NR_DELAYS ? td_delays[col].name : td_names[col];
}

/* @name is column @col's title, in any case, with or without its '%' */
static bool td_is_title(const char *name, int col)
{
	const char *t = td_col_title(col);
	size_t len = strlen(t) - (t[strlen(t) - 1] == '%');

	return !strncasecmp(name, t, len) && (!name[len] ||
					       (name[len] == '%' && !name[len + 1]));
}

int td_col_by_name(const char *name)
{
	int i;

	for (i = TD_COL_TOTAL; i < TD_NR_COLS; i++)
		if (!strcmp(name, td_col_name(i)) || td_is_title(name, i))
			return i;
	return -2;
}

void td_col_keys(char *buf, size_t len)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = TD_COL_TOTAL; i < TD_NR_COLS && used < len; i++)
		used += snprintf(buf + used, len - used, "%s%s (%s)",
				 i == TD_COL_TOTAL ? "" : ", ", td_col_name(i),
				 td_col_title(i));
}

static enum td_key_action td_sort_by(struct td_view *v, int sort)
{
	if (v->sort == sort)
		return TD_KEY_NONE;
	v->sort = sort;
	return TD_KEY_REDRAW;
}

/* Position of the sort key among the columns shown; -1 if hidden */
static int td_sort_pos(const struct td_view *v)
{
	struct td_fit fit;
	unsigned int i;

	td_view_fit(v, &fit);
	for (i = 0; i < fit.nr_cols; i++)
		if (fit.cols[i] == v->sort)
			return i;
	return -1;
}

/* Sorted by a memory delay, the short view sorts by MEM */
static void td_toggle_full(struct td_view *v)
{
	v->full = !v->full;
	if (!v->full && td_sort_pos(v) < 0)
		v->sort = TD_COL_MEM;
	else if (v->full && v->sort == TD_COL_MEM)
		v->sort = TD_SWAPIN;
}

static enum td_key_action td_scroll(struct td_view *v, long by)
{
	long to = (long)v->scroll + by;

	if (to < 0)
		to = 0;
	if ((unsigned long)to == v->scroll)
		return TD_KEY_NONE;
	v->scroll = to;	/* the screen clamps it to the last page */
	return TD_KEY_REDRAW;
}

enum td_key_action td_top_key(int ch, struct td_view *v)
{
	struct td_fit fit;
	const int *cols = fit.cols;
	int ncols, pos = td_sort_pos(v);
	long page = v->page ? v->page : 1;

	/* the sort key moves over the columns shown, never a hidden one */
	td_view_fit(v, &fit);
	ncols = fit.nr_cols;

	switch (ch) {
	case 'q':
	case 'Q':
		return TD_KEY_QUIT;
	case 's':
	case '>':
	case KEY_RIGHT:
		return td_sort_by(v, cols[(pos + 1) % ncols]);
	case '<':
	case KEY_LEFT:
		return td_sort_by(v, cols[(pos + ncols - 1) % ncols]);
	case 't':
		return td_sort_by(v, TD_COL_TOTAL);
	case 'c':
		return td_sort_by(v, TD_CPU);
	case 'i':
		return td_sort_by(v, TD_BLKIO);
	case 'm':
	case 'M':
		td_toggle_full(v);
		return TD_KEY_REDRAW;
	case 'o':
		v->active = !v->active;
		v->scroll = 0;
		return TD_KEY_REDRAW;
	case 'H':
		v->threads = !v->threads;
		v->scroll = 0;
		return TD_KEY_RESAMPLE;
	case KEY_DOWN:
		return td_scroll(v, 1);
	case KEY_UP:
		return td_scroll(v, -1);
	case KEY_NPAGE:
	case ' ':
		return td_scroll(v, page);
	case KEY_PPAGE:
	case 'b':
		return td_scroll(v, -page);
	case KEY_HOME:
	case 'g':
		return td_scroll(v, -(long)v->scroll);
	case KEY_END:
	case 'G':
		/* past the end: the screen shows the last page */
		return td_scroll(v, 1L << 30);
	case 'T' & 0x1f:
		return TD_KEY_ACCT;
	case '/':
		return TD_KEY_FILTER;
	case '?':
	case 'h':
		return TD_KEY_HELP;
	case KEY_RESIZE:
	case 'L' & 0x1f:	/* ^L: draw the whole screen again */
		return TD_KEY_REDRAW;
	}
	if (ch >= '0' && ch <= '9' && ch - '0' < ncols)
		return td_sort_by(v, cols[ch - '0']);
	return TD_KEY_NONE;
}
