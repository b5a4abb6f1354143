/* SPDX-License-Identifier: GPL-2.0 */
/* The keys of the interactive top view and what each one does */
#ifndef TASKDELAYS_KEYS_H
#define TASKDELAYS_KEYS_H

#include <stdbool.h>

/* What the view shows: the sort key and processes or threads */
struct td_view {
	int sort;		/* a delay type, or -1: their sum */
	bool threads;
};

enum td_key_action {
	TD_KEY_NONE,		/* not a key of the view */
	TD_KEY_QUIT,
	TD_KEY_REDRAW,		/* same samples, drawn again (new order) */
	TD_KEY_RESAMPLE,	/* processes <-> threads: a new baseline */
};

/*
 * Apply key @ch (a character or a curses KEY_* code) to @v.  Returns
 * what the caller has to do; @v is changed only when the action is
 * TD_KEY_REDRAW or TD_KEY_RESAMPLE.
 */
enum td_key_action td_top_key(int ch, struct td_view *v);

/* The help line that lists the keys */
extern const char td_top_help[];

#endif /* TASKDELAYS_KEYS_H */
