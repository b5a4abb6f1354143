/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Parser for TASKSTATS generic netlink replies.
 *
 * Kept apart from the socket code so that it can be unit tested and fuzzed
 * on raw bytes: everything it reads comes from the kernel (or the fuzzer)
 * and is checked before use.
 */
#ifndef TASKSTATS_PARSE_H
#define TASKSTATS_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

enum td_delay {
	TD_CPU,
	TD_BLKIO,
	TD_SWAPIN,
	TD_FREEPAGES,
	TD_THRASHING,
	TD_COMPACT,
	TD_WPCOPY,
	TD_IRQ,
	TD_NR_DELAYS,
};

/* What we know about one delay type of struct taskstats */
struct td_delay_desc {
	const char *name;	/* key, as in /proc/<pid>/delays */
	const char *title;	/* column title for humans */
	unsigned int since;	/* first TASKSTATS_VERSION that has it */
	size_t count_off;	/* offsetof(struct td_ts14, <x>_count) */
	size_t total_off;	/* offsetof(struct td_ts14, <x>_delay_total) */
};

extern const struct td_delay_desc td_delays[TD_NR_DELAYS];

struct td_delay_val {
	bool present;		/* the kernel's struct version/length has it */
	uint64_t count;
	uint64_t total_ns;
	bool have_minmax;	/* version 15 on: longest and shortest delay */
	uint64_t max_ns;
	uint64_t min_ns;
	bool beyond_life;	/* total or max longer than the task lived */
};

/* One struct taskstats as the kernel sent it, plus what we made of it */
struct td_stats {
	bool is_tgid;		/* from TASKSTATS_TYPE_AGGR_TGID */
	uint32_t id;		/* pid or tgid the kernel named */
	unsigned int version;	/* struct taskstats version field */
	size_t len;		/* payload length the kernel sent */
	bool have_comm;
	char comm[33];
	bool have_ids;
	uint32_t uid;
	uint32_t ppid;
	bool have_cpu_run;
	uint64_t cpu_run_real_ns;
	uint64_t cpu_run_virtual_ns;
	bool have_io;		/* I/O bytes: PID records with CONFIG_TASK_XACCT */
	uint64_t read_bytes;
	uint64_t write_bytes;
	bool have_tgid;		/* version 12 on: the thread group of a PID record */
	uint32_t tgid;
	unsigned int minmax_threads;	/* TGID: max and min are over these */
	bool is_tree;		/* taskdelays' sum over a command's tree */
	bool have_etime;	/* a PID record: microseconds since it started */
	uint64_t etime_us;
	/*
	 * Whether delay accounting started after the task did: 1 yes, 0 no,
	 * -1 unknown (the parser's; taskdelays_since.h decides)
	 */
	int acct_late;
	struct td_delay_val delay[TD_NR_DELAYS];
};

/*
 * struct cgroupstats of a CGROUPSTATS_CMD_NEW reply (linux/cgroupstats.h):
 * a cgroup's tasks by state.
 */
struct td_cgroup {
	uint64_t nr_sleeping;
	uint64_t nr_running;
	uint64_t nr_stopped;
	uint64_t nr_uninterruptible;
	uint64_t nr_io_wait;
};

#define TD_MAX_RECORDS 2	/* an exit message carries pid and tgid */

struct td_msg {
	int nl_error;		/* negative errno of an NLMSG_ERROR, else 0 */
	bool done;		/* NLMSG_DONE */
	unsigned int nr;	/* records in rec[] */
	struct td_stats rec[TD_MAX_RECORDS];
	bool is_cgroup;		/* a CGROUPSTATS reply: @cgroup, no records */
	struct td_cgroup cgroup;
	char err[128];		/* why the message is malformed */
};

/*
 * Parse one netlink message of @len bytes at @buf (the nlmsghdr and what
 * follows).  @family is the TASKSTATS generic netlink family id; other
 * message types are rejected.  Returns 0 and fills @msg, or -EINVAL with a
 * reason in @msg->err.  Never reads outside @buf.
 */
int td_parse_msg(const void *buf, size_t len, int family, struct td_msg *msg);

/*
 * Bytes of the valid UTF-8 character at @s (at most @n bytes there), 0
 * when it is not one (overlong, surrogate, beyond U+10FFFF, cut short)
 */
size_t td_utf8_len(const char *s, size_t n);

/*
 * Copy @src (at most @n bytes, NUL-terminated early or not) to @dst (of
 * @n + 1): valid UTF-8 as it is, a control character or an invalid byte
 * as '?'.  Returns the bytes copied.
 */
size_t td_utf8_clean(char *dst, const char *src, size_t n);

/* Average delay in nanoseconds, 0 when nothing was counted */
uint64_t td_delay_avg_ns(const struct td_delay_val *v);

/*
 * The kernel's TGID record has the max and min of one thread only
 * (delayacct_add_tsk() assigns them thread by thread), so a process's
 * are made here from its threads' PID records: td_minmax_reset() clears
 * them in @proc, td_minmax_fold() takes @thread's into account.  A min
 * comes only from threads that had a delay of that type.
 */
void td_minmax_reset(struct td_stats *proc);
void td_minmax_fold(struct td_stats *proc, const struct td_stats *thread);

#endif /* TASKSTATS_PARSE_H */
