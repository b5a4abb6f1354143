/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the client's tests share: readers of taskdelays' output, the
 * client under test, their start and named children.  In -T's text table
 * columns are found by their titles in the header line, so that a test
 * names the column it checks and survives columns added or moved.
 */
#ifndef TD_TABLE_H
#define TD_TABLE_H

#include <stdbool.h>
#include <sys/types.h>

#define TABLE_MAX_COLS 16

struct table {
	bool threads;		/* TID and TGID columns, not TGID alone */
	int ncols;		/* columns after COMM */
	char title[TABLE_MAX_COLS][16];
	int header_line;	/* line number of the header in the text */
};

struct row {
	int id, tgid;		/* tgid == id in the process view */
	char comm[16];
	char mark;		/* after COMM: '*' untracked, else ' ' */
	bool na[TABLE_MAX_COLS];	/* the cell says n/a (or bogus) */
	double val[TABLE_MAX_COLS];	/* percent, or bytes per second */
};

/*
 * Read the rows under the first header line in @text (lines up to the
 * first that is not a row) into @rows, at most @max.  Returns how many,
 * or -1 when @text has no header.
 */
int table_parse(const char *text, struct table *t, struct row *rows, int max);

/* Index of the column titled @title, or -1 */
int table_col(const struct table *t, const char *title);

/*
 * The value of column @title in @r, or @na_val when it is n/a or the
 * table has no such column.
 */
double table_val(const struct table *t, const struct row *r,
		 const char *title, double na_val);

/*
 * Field @field ("max_ns") of delay @delay ("cpu") in the first JSON
 * object of @json that has the delay; false when it is null or missing.
 */
bool json_delay(const char *json, const char *delay, const char *field,
		unsigned long long *v);

/* The client under test: $TASKDELAYS, else the guest's /usr/bin/taskdelays */
char *td_client(void);

/*
 * Whether the test runs on the build host ($TASKDELAYS is set): then it
 * must not change the host's sysctls and tests what the host kernel has.
 */
bool td_on_host(void);

/*
 * A test's start: the KTAP header, then a skip unless it runs as root
 * (TASKSTATS needs CAP_NET_ADMIN) and a failure when there is no client.
 * Before any result or plan, so that its exits count nothing.
 */
void td_begin(void);

/*
 * A child named @name by prctl(PR_SET_NAME), pausing until killed or
 * its parent exits; returns once the name is set, so that the client
 * sees it.  Its pid, or -1 (errno set).
 */
pid_t td_named_child(const char *name);

#endif /* TD_TABLE_H */
