/* SPDX-License-Identifier: GPL-2.0 */
/* top-like view of the processes or threads whose delays grow the most */
#ifndef TASKDELAYS_TOP_H
#define TASKDELAYS_TOP_H

#include "taskstats_nl.h"

struct td_top_opts {
	unsigned int interval_ms;
	unsigned int iterations;	/* 0: until stopped */
	unsigned int lines;
	int sort;			/* a delay type, or -1: their sum */
	bool threads;			/* one row per thread, not process */
	bool json;			/* one JSON object per round */
	bool interactive;		/* curses view with keys, on a tty */
	bool (*stopped)(void);
};

/*
 * Sample all processes (or threads) every @o->interval_ms and print the
 * @o->lines ones whose delays grew the most, as a percentage of the
 * interval that passed.  Returns 0 or a negative errno (explained on
 * stderr).  Stops early once @o->stopped() returns true.  With
 * @o->interactive the view takes over the terminal and reads keys
 * (taskdelays_keys.h) until q; otherwise it prints plain text or JSON.
 */
int td_top(struct td_nl *nl, const struct td_top_opts *o);

/* Sort key by name ("total" or a delay type); -2 when unknown */
int td_top_sort_key(const char *name);

#endif /* TASKDELAYS_TOP_H */
