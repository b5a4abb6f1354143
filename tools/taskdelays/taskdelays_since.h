/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether delay accounting covered a task's whole life.  A record cannot
 * say: a task that started before kernel.task_delayacct was switched on
 * has no delays from before the switch (on a kernel without our patches
 * none at all but cpu, as it never gets storage).  So the time of the
 * switch, as far as taskdelays can know it, is compared with the task's
 * start, both on CLOCK_BOOTTIME.
 */
#ifndef TASKDELAYS_SINCE_H
#define TASKDELAYS_SINCE_H

#include <stdbool.h>
#include <stdint.h>

enum td_since_kind {
	TD_SINCE_OFF,		/* off, or not known to be on */
	TD_SINCE_BOOT,		/* on since boot: "delayacct" on the command line */
	TD_SINCE_SEEN,		/* taskdelays saw it off, then on by @ns */
	TD_SINCE_UNKNOWN,	/* switched on after boot, before @ns */
};

struct td_since {
	enum td_since_kind kind;
	uint64_t ns;		/* CLOCK_BOOTTIME */
};

/* Result of td_since_late() */
enum {
	TD_LATE_UNKNOWN = -1,	/* accounting off, or the switch time unknown */
	TD_LATE_NO = 0,		/* on since before the task started */
	TD_LATE_YES = 1,	/* switched on after the task started */
};

/* CLOCK_BOOTTIME in nanoseconds */
uint64_t td_boot_ns(void);

/*
 * Follow kernel.task_delayacct: @on is its value now (1 on, 0 off, -1
 * unknown).  The first call asks the kernel command line; later ones see
 * an off-to-on switch happen.
 */
void td_since_follow(struct td_since *s, int on);

/* Whether accounting started after a task that started at @start_ns */
int td_since_late(const struct td_since *s, uint64_t start_ns);

/*
 * When task @tid of process @tgid (with !@thread: the process, i.e. its
 * leader) started, from field 22 of its /proc stat.  Returns 0 or -errno.
 */
int td_proc_start_ns(unsigned long tgid, unsigned long tid, bool thread,
		     uint64_t *ns);

/* @ns of CLOCK_BOOTTIME as local HH:MM:SS */
void td_boot_clock(uint64_t ns, char *buf, unsigned long len);

#endif /* TASKDELAYS_SINCE_H */
