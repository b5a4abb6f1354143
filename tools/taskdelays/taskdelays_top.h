/* SPDX-License-Identifier: GPL-2.0 */
/* top-like view of the processes or threads whose delays grow the most */
#ifndef TASKDELAYS_TOP_H
#define TASKDELAYS_TOP_H

#include <regex.h>
#include <stdint.h>

#include "taskdelays_cgroup.h"
#include "taskstats_nl.h"

#define TD_TOP_MAX_PIDS 32

struct td_top_opts {
	unsigned int interval_ms;
	unsigned int iterations;	/* 0: until stopped */
	unsigned int lines;		/* 0: all (batch) or what fits (screen) */
	int sort;			/* an enum td_col */
	bool threads;			/* one row per thread, not process */
	bool full;			/* each memory delay in its own column */
	bool active;			/* only rows with delay or I/O */
	bool json;			/* one JSON object per round */
	bool interactive;		/* curses view with keys, on a tty */
	unsigned int nr_pids;		/* -p: only these processes or threads */
	uint32_t pids[TD_TOP_MAX_PIDS];
	bool by_uid;			/* -u: only this user's tasks */
	uint32_t uid;
	const char *name_pat;		/* -P: only names that match it */
	const regex_t *name_re;		/* name_pat compiled */
	struct td_cg *cg;		/* -C: counted with every sample */
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

#endif /* TASKDELAYS_TOP_H */
