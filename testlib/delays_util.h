/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers of the delay accounting guest tests, the patches'
 * (handwritten/delays/tests) and the client's (tools/taskdelays/tests)
 */
#ifndef DELAYS_UTIL_H
#define DELAYS_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

enum {
	D_CPU,
	D_BLKIO,
	D_SWAPIN,
	D_FREEPAGES,
	D_THRASHING,
	D_COMPACT,
	D_WPCOPY,
	D_NR,
};

extern const char *const d_names[D_NR];

struct delays {
	int on;			/* "delayacct:" line: 1 on, 0 off */
	unsigned int untracked;
	uint64_t count[D_NR];
	uint64_t total[D_NR];
};

/*
 * Parse /proc/<pid>/delays (tid 0) or /proc/<pid>/task/<tid>/delays.
 * Returns 0, or -errno of open/read, or -EPROTO when a line is missing
 * or malformed (reported as a "# " diagnostic naming file and line).
 */
int read_delays(pid_t pid, pid_t tid, struct delays *d);

/*
 * Write @val to @path in one write(), as a kernel interface file (sysfs,
 * cgroupfs) takes it; returns 0 or -errno.
 */
int write_text(const char *path, const char *val);
/* Write @val to /proc/sys/<name>; returns 0 or -errno. */
int write_sysctl(const char *name, const char *val);
/* Read an integer from /proc/sys/<name>; -1 on error. */
long read_sysctl(const char *name);

/* Switch kernel.task_delayacct; on failure prints a diagnostic, exits. */
void set_delayacct(bool on);

/* Monotonic clock in nanoseconds. */
uint64_t now_ns(void);

/* Burn CPU for @ms milliseconds of wall time. */
void spin_ms(unsigned int ms);

/*
 * fork() with a pipe between the two, stdio flushed first (or the child
 * repeats buffered KTAP lines).  @up: the child writes, the parent
 * reads; else the other way.  *@fd is this side's end of the pipe, the
 * other end is closed.  Returns what fork() does, or -1 (errno set) with
 * no pipe left open.
 */
pid_t fork_pipe(int *fd, bool up);

/*
 * Fork a child that waits for start_child(), runs @fn(@arg), then stops
 * itself with SIGSTOP so that its totals can be read while it still
 * exists.  Children must be forked after accounting is switched on, so
 * that the kernel gives them per-task delay storage.
 */
struct child {
	pid_t pid;
	int go_fd;		/* write end: starts the child */
};

int fork_child(struct child *c, void (*fn)(void *arg), void *arg);
void start_child(struct child *c);
/* Wait until the child stopped itself; 0 or -1 if it died. */
int wait_stopped(struct child *c);
void kill_child(struct child *c);
/*
 * Run @fn in a child until it stops itself, read its delays into @d and
 * kill it.  Returns 0 or -1.
 */
int delays_of_child(void (*fn)(void *arg), struct delays *d);

/*
 * Read the delays file of every task and thread in /proc: *@tasks counts
 * them and *@untracked those that still have no storage a moment after
 * they were first seen so (printed as "# " diagnostics).  Files that
 * vanish are tasks that exited.  Returns 0, or -1 if /proc is unreadable.
 */
int scan_untracked(unsigned int *tasks, unsigned int *untracked);

/* Whether the kernel command line contains the word @word. */
bool cmdline_has(const char *word);

/*
 * Start @argv with stdout+stderr into a pipe whose read end is *@fd,
 * after dropping to @uid/@gid when @uid is not 0.  Returns the child's
 * pid, or -1 (and no pipe is left open).
 */
pid_t spawn_piped(char *const argv[], uid_t uid, gid_t gid, int *fd);

/*
 * Run @argv with stdout+stderr into @out (NUL-terminated, truncated to
 * @len), after dropping to @uid/@gid when @uid is not 0.  Returns the
 * exit status (0-255) or -1.
 */
int run_capture(char *const argv[], uid_t uid, gid_t gid, char *out,
		size_t len);

/*
 * Whether @uid/@gid may run @path.  If not, @dir (of @len) names the
 * first directory on the way that they cannot enter, or @path itself.
 * A checkout under a directory closed to others (mktemp -d makes it
 * 0700) cannot be tested as nobody: the caller skips, naming @dir.
 */
bool can_run_as(const char *path, uid_t uid, gid_t gid, char *dir,
		size_t len);

/* Print multi-line program output as "# " diagnostics. */
void print_diag_lines(const char *what, const char *out);

/*
 * Parse the "<type>: <count> <total>" lines of the client's -r output
 * (at the start of a line; the first of each type counts, other lines
 * are ignored) into @d.  Returns 0 when every type was found, else -1.
 */
int parse_client_delays(const char *out, struct delays *d);

/*
 * TASKSTATS of @pid through the client: "@client -r @flag @pid" (-p a
 * thread, -t a thread group), parsed by parse_client_delays().  Returns
 * 0, or -1 with the client's output printed as diagnostics.
 */
int client_delays(const char *client, const char *flag, pid_t pid,
		  struct delays *d);

/*
 * Whether @a and @b hold the same count and total of every delay; each
 * delay that differs is printed as a diagnostic, naming them @an and @bn.
 */
bool delays_equal(const struct delays *a, const char *an,
		  const struct delays *b, const char *bn);

/* A /proc/meminfo field ("MemFree", ...) in kB, or -1. */
long meminfo_kb(const char *key);

#endif /* DELAYS_UTIL_H */
