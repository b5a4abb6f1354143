/* SPDX-License-Identifier: GPL-2.0 */
/* top-like view of the processes whose delays grow the most */
#ifndef TASKDELAYS_TOP_H
#define TASKDELAYS_TOP_H

#include "taskstats_nl.h"

/*
 * Sample all processes every @interval_ms, @iterations times (0: forever),
 * and print the @lines processes with the largest delay growth.  Returns 0
 * or a negative errno (explained on stderr).  Stops early once @stopped()
 * returns true.
 */
int td_top(struct td_nl *nl, unsigned int interval_ms, unsigned int iterations,
	   unsigned int lines, bool (*stopped)(void));

#endif /* TASKDELAYS_TOP_H */
