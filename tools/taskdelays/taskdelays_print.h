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
 * Read kernel.task_delayacct: 1 on, 0 off, -1 unknown (no such sysctl).
 * Warns on stderr when off, since then only CPU delay grows.
 */
int td_check_delayacct(void);

#endif /* TASKDELAYS_PRINT_H */
