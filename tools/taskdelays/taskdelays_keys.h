/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The columns of the top view and the keys that change what it shows
 */
#ifndef TASKDELAYS_KEYS_H
#define TASKDELAYS_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include "taskstats_parse.h"

/*
 * What a column shows and what the view can be sorted by: -1 is the sum
 * of the delays (TOTAL), 0 .. TD_NR_DELAYS - 1 one delay type, then the
 * memory delays together, the bytes read and written per second, and
 * over the delays of TOTAL the average delay of a wait and the waits
 * (events) of the interval, as delaytop's average latency.
 */
enum td_col {
	TD_COL_TOTAL = -1,
	TD_COL_MEM = TD_NR_DELAYS,	/* swapin .. wpcopy */
	TD_COL_READ,
	TD_COL_WRITE,
	TD_COL_AVG,		/* ms per wait */
	TD_COL_EVENTS,		/* waits in the interval */
	TD_NR_COLS,
};

/* What the view shows */
struct td_view {
	int sort;		/* an enum td_col */
	bool threads;		/* one row per thread, not per process */
	bool full;		/* each memory delay in its own column */
	bool active;		/* only rows with a delay or I/O in the interval */
	unsigned int scroll;	/* first row shown */
	unsigned int page;	/* rows that fit on the screen */
	unsigned int width;	/* of the terminal; 0: rows as wide as they come */
};

/* Width of COMM and its mark: 15 characters and '*', or narrowed to 10 */
#define TD_COMM_WIDTH 16
#define TD_COMM_NARROW 11

/* What fits @v->width: the columns shown and hidden, COMM's width */
struct td_fit {
	int cols[TD_NR_COLS + 1];
	unsigned int nr_cols;
	int hidden[TD_NR_COLS + 1];
	unsigned int nr_hidden;
	unsigned int comm_w;
};

/*
 * Fit the view's columns to its width: drop the least looked-at first
 * (irq, the memory delays, the I/O rates, then cpu and blkio), narrow
 * COMM before cpu and blkio go; never TOTAL or the sort column.
 */
void td_view_fit(const struct td_view *v, struct td_fit *fit);

/* Characters of column @col's cells, and of a whole row of @fit */
int td_col_width(int col);
unsigned int td_fit_width(const struct td_view *v, const struct td_fit *fit);

enum td_key_action {
	TD_KEY_NONE,		/* not a key of the view */
	TD_KEY_QUIT,
	TD_KEY_REDRAW,		/* same samples, drawn again (new order) */
	TD_KEY_RESAMPLE,	/* processes <-> threads: a new baseline */
	TD_KEY_ACCT,		/* switch kernel.task_delayacct (^T) */
	TD_KEY_FILTER,		/* ask for a name filter (/) */
	TD_KEY_HELP,		/* show the keys until one is pressed */
};

/*
 * The columns @v shows after COMM, in order, before any fitting to its
 * width; returns how many (at most TD_NR_COLS + 1) and points @cols at
 * them.
 */
unsigned int td_view_cols(const struct td_view *v, const int **cols);

/* Column title ("CPU%") and sort key name ("cpu") of column @col */
const char *td_col_title(int col);
const char *td_col_name(int col);
/*
 * Column by sort key: its name ("blkio") or its title in any case, with
 * or without the '%' ("io", "IO%"); -2 when unknown
 */
int td_col_by_name(const char *name);
/* Every sort key with its column's title, "total (TOTAL%), ..." */
void td_col_keys(char *buf, size_t len);

/*
 * Apply key @ch (a character or a curses KEY_* code) to @v.  Returns
 * what the caller has to do; @v is changed only when the action is
 * TD_KEY_REDRAW or TD_KEY_RESAMPLE.
 */
enum td_key_action td_top_key(int ch, struct td_view *v);

/* The help line that lists the keys */
extern const char td_top_help[];
/* Every key with what it does, the screen of ? and h */
extern const char td_top_keys[];

#endif /* TASKDELAYS_KEYS_H */
