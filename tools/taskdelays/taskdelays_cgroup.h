/* SPDX-License-Identifier: GPL-2.0 */
/*
 * -C: a cgroup's tasks by state through CGROUPSTATS, as getdelays -C and
 * delaytop -C show them.
 */
#ifndef TASKDELAYS_CGROUP_H
#define TASKDELAYS_CGROUP_H

#include <stdbool.h>
#include <stdio.h>

#include "taskstats_nl.h"

struct td_cg {
	const char *path;
	int fd;			/* the directory, open */
	bool ok;		/* @counts is this round's */
	char why[256];		/* when not: why */
	struct td_cgroup counts;
};

/*
 * Open @path for CGROUPSTATS, which counts the directories of cgroup v1
 * hierarchies only (kernel/cgroup/cgroup-v1.c: cgroupstats_build()).
 * Returns 0, or -1 after saying on stderr why @path is not one.
 */
int td_cg_open(struct td_cg *cg, const char *path);
void td_cg_close(struct td_cg *cg);

/*
 * Count the cgroup's tasks now; returns 0, or a negative errno with the
 * reason in @cg->why.
 */
int td_cg_read(struct td_nl *nl, struct td_cg *cg);

/*
 * One line "cgroup PATH: running N, sleeping N, ..." (n/a and why when
 * the last read failed); with @raw the "nr_<state>: N" lines of struct
 * cgroupstats, for scripts.
 */
void td_cg_print(FILE *f, const struct td_cg *cg, bool raw);

/* {"path":...,"nr_running":N,...} (an "error" member when the read failed) */
void td_cg_json(FILE *f, const struct td_cg *cg);

#endif /* TASKDELAYS_CGROUP_H */
