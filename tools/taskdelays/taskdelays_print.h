/* SPDX-License-Identifier: GPL-2.0 */
/* Printing of TASKSTATS records for taskdelays */
#ifndef TASKDELAYS_PRINT_H
#define TASKDELAYS_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include "taskstats_parse.h"

/*
 * @raw prints the key: count total lines of /proc/<pid>/delays, for
 * scripts; otherwise a table with averages.
 */
void td_print_stats(FILE *f, const struct td_stats *st, bool raw, bool verbose);

/*
 * TGID replies carry no command name (the kernel fills ac_comm only for
 * one task), so take it from /proc/<id>/comm when the record has none.
 * Leaves the record alone when the task is gone.
 */
void td_comm_from_proc(struct td_stats *st);

/*
 * Fill @st from /proc/<id>/delays (@tgid) or /proc/<id>/task/<id>/delays,
 * the text files that need no CAP_NET_ADMIN.  Returns 0 or -errno.
 */
int td_stats_from_proc(bool tgid, unsigned long id, struct td_stats *st);

/*
 * Read kernel.task_delayacct: 1 on, 0 off, -1 unknown (no such sysctl).
 * Warns on stderr when off, since then only CPU delay grows.
 */
int td_check_delayacct(void);

#endif /* TASKDELAYS_PRINT_H */
