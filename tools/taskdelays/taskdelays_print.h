/* SPDX-License-Identifier: GPL-2.0 */
/* Printing of TASKSTATS records for taskdelays */
#ifndef TASKDELAYS_PRINT_H
#define TASKDELAYS_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include "taskdelays_since.h"
#include "taskstats_parse.h"

/*
 * @raw prints the key: count total lines of /proc/<pid>/delays, for
 * scripts; otherwise a table with averages.
 */
void td_print_stats(FILE *f, const struct td_stats *st, bool raw, bool verbose);

/*
 * One JSON object for @st, on one line; with @more it is left open for
 * the caller's members (",\"exit_status\":1") and closing "}\n".
 */
void td_print_stats_json(FILE *f, const struct td_stats *st, bool more);

/*
 * Flag each delay of PID record @st whose total or max is longer than
 * the task has lived (ac_etime): a kernel's figure that cannot be a
 * measurement.  Returns whether any was.
 */
bool td_check_life(struct td_stats *st);

/* @s as a JSON string, quoted and escaped */
void td_json_str(FILE *f, const char *s);

/*
 * TGID replies carry no command name (the kernel fills ac_comm only for
 * one task), so take it from /proc/<id>/comm when the record has none.
 * Leaves the record alone when the task is gone.
 */
void td_comm_from_proc(struct td_stats *st);

/* /proc/<tgid>/<file>, or /proc/<tgid>/task/<tid>/<file> for a thread */
void td_proc_path(char *buf, size_t len, unsigned long tgid,
		  unsigned long tid, bool thread, const char *file);

/*
 * The "untracked:" count of /proc/<tgid>/delays or, with @thread, of
 * /proc/<tgid>/task/<tid>/delays: threads without delay storage.  -1
 * when the file cannot be read (a kernel without it, a task gone).
 */
int td_proc_untracked(unsigned long tgid, unsigned long tid, bool thread);

/*
 * The read_bytes and write_bytes of process @tgid (its live and exited
 * threads') from /proc/<tgid>/io or, with @thread, of thread @tid from
 * /proc/<tgid>/task/<tid>/io: a TGID record of TASKSTATS has none, and
 * a PID record's are zeros without CONFIG_TASK_XACCT.  Returns 0 or
 * -errno (-ENOENT without CONFIG_TASK_IO_ACCOUNTING).
 */
int td_proc_io(unsigned long tgid, unsigned long tid, bool thread,
	       uint64_t io[2]);

/*
 * The real uid of process @tgid, from the Uid: line of /proc/<tgid>/status:
 * a TGID record of TASKSTATS carries ac_uid 0 whoever owns the process
 * (only a PID record fills it).  Returns 0 or -errno.
 */
int td_proc_uid(unsigned long tgid, uint32_t *uid);

/* The process (Tgid: of /proc/<tid>/status) of thread @tid; 0 or -errno */
int td_proc_tgid(unsigned long tid, uint32_t *tgid);

/*
 * Fill @st from /proc/<id>/delays (@tgid) or /proc/<id>/task/<id>/delays,
 * the text files that need no CAP_NET_ADMIN.  Returns 0 or -errno.
 */
int td_stats_from_proc(bool tgid, unsigned long id, struct td_stats *st);

/* What the kernel collects */
struct td_acct {
	int on;			/* kernel.task_delayacct: 1, 0, -1 unknown */
	bool proc_file;		/* /proc/<pid>/delays exists (our patches) */
	struct td_since since;	/* since when, as far as we know; the
				 * caller follows it (td_since_follow())
				 */
};

void td_acct_read(struct td_acct *a);

/* Read @a anew, following its switch time (td_since_follow()) */
void td_acct_follow(struct td_acct *a);

/*
 * Why the delays other than cpu are not collected, in two lines, right
 * for the kernel @a describes; NULL when they are.
 */
const char *td_acct_warning(const struct td_acct *a);

/*
 * Switch kernel.task_delayacct to @on, as iotop-c's key does; returns 0,
 * or -errno (-EACCES: not root, -ENOENT: a kernel without the sysctl),
 * and what happened in @msg, short enough for the status line.
 */
int td_acct_switch(bool on, char *msg, size_t len);

/* Each line of @text after @prefix; returns how many */
int td_print_lines(FILE *f, const char *prefix, const char *text);

/*
 * Why @st's delays may not cover its life (st->acct_late, after @a's
 * switch time), as one line after @prefix; nothing when they do
 */
void td_print_late(FILE *f, const char *prefix, const struct td_stats *st,
		   const struct td_acct *a);

/* The delays @a does not collect become n/a in @st */
void td_acct_apply(const struct td_acct *a, struct td_stats *st);

#endif /* TASKDELAYS_PRINT_H */
