/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pressure stall information of /proc/pressure/{cpu,memory,io,irq}, as
 * delaytop shows it: the "some" and "full" lines, each with avg10, avg60,
 * avg300 (percent) and total (microseconds stalled since boot).
 */
#ifndef TASKDELAYS_PSI_H
#define TASKDELAYS_PSI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum td_psi_res {
	TD_PSI_CPU,
	TD_PSI_MEMORY,
	TD_PSI_IO,
	TD_PSI_IRQ,
	TD_PSI_NR,
};

extern const char *const td_psi_names[TD_PSI_NR];

struct td_psi_line {
	bool present;		/* the file has this line */
	double avg[3];		/* avg10, avg60, avg300 in percent */
	uint64_t total_us;
};

struct td_psi {
	bool present;		/* the file exists and was read */
	bool absent;		/* the kernel has no such file: n/a */
	char why[192];		/* not present: why, for the header */
	struct td_psi_line some, full;
};

/*
 * Parse the text of one pressure file into @p.  Returns 0, or -EINVAL
 * with the line and what is wrong with it in @p->why.  A file may lack
 * either line (irq has only "full"; cpu's "full" came in 5.13).
 */
int td_psi_parse(const char *text, struct td_psi *p);

/*
 * Read every /proc/pressure file under @dir (normally "/proc/pressure").
 * A file that is absent or unreadable is not present, with the reason in
 * its why; returns how many were present.
 */
int td_psi_read(const char *dir, struct td_psi p[TD_PSI_NR]);

#endif /* TASKDELAYS_PSI_H */
