// SPDX-License-Identifier: GPL-2.0
/*
 * taskdelays -T on a terminal: driven through a pseudo-terminal, the
 * client draws with curses (TERM=vt100, from the initramfs' terminfo),
 * s re-sorts the rows by the next column (cpu), H switches to threads
 * and q quits with status 0.  What the client drew is read back through
 * a small vt100 screen model, so the rows compared are the rows a person
 * would see, whatever cursor movements curses chose to get there.
 * With -n 1 the same terminal gets plain text, no escape sequences.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"
#include "vt100.h"

#define CLIENT "/usr/bin/taskdelays"
#define ROWS 40
#define COLS 200
#define WAIT_MS 20000		/* a round of -i 500 under TCG, with margin */
#define QUIT_MS 5000

/*
 * The rows under the COMM header: how many, and whether their CPU%
 * column never grows downwards.
 */
static int scr_rows(bool *sorted, double *top_cpu)
{
	static struct row r[VT_MAX_ROWS];
	double prev = 1e9;
	struct table t;
	int n, i;

	n = table_parse(vt_text(), &t, r, VT_MAX_ROWS);
	*sorted = true;
	*top_cpu = 0;
	for (i = 0; i < n; i++) {
		double cpu = table_val(&t, &r[i], "CPU%", -1);

		if (!i)
			*top_cpu = cpu;
		*sorted &= cpu <= prev;
		prev = cpu;
	}
	return n < 0 ? 0 : n;
}

static void busy(void *arg)
{
	(void)arg;
	spin_ms(60000);
}

static void test_keys(void)
{
	char *const argv[] = { CLIENT, "-T", "-i", "500", "-N", "30", NULL };
	struct child c[3] = { { 0 } };
	struct term t;
	bool ok, sorted;
	double top_cpu;
	uint64_t t0;
	int i, n, status = -1;

	/* three CPU hogs on two vCPUs: rows with cpu delay to sort */
	for (i = 0; i < 3; i++) {
		fork_child(&c[i], busy, NULL);
		start_child(&c[i]);
	}
	vt_reset(ROWS, COLS);
	if (term_start(&t, argv))
		ksft_exit_fail_msg("forkpty: %s\n", strerror(errno));

	/* the column header comes with the first measured round */
	ok = term_wait(&t, " COMM ", WAIT_MS);
	term_settle(&t, 100);
	ok = ok && vt_find("by total:") >= 0 &&
	     vt_find("q:quit") >= 0;
	if (!ok)
		vt_dump("without a first round");
	ksft_test_result(ok && vt_esc_seen(),
			 "curses draws the first round and the help line on TERM=vt100\n");

	term_keys(&t, "s");
	ok = term_wait(&t, "by cpu:", WAIT_MS);
	term_settle(&t, 100);
	n = scr_rows(&sorted, &top_cpu);
	if (!ok || n < 3 || !sorted)
		vt_dump("after s");
	ksft_test_result(ok && n >= 3 && sorted && top_cpu > 0,
			 "s sorts by the next column, cpu: %d rows in cpu order, top %.2f%%\n",
			 n, top_cpu);

	term_keys(&t, "H");
	/* first a baseline of the threads, then a round of them */
	ok = term_wait(&t, "    TID ", WAIT_MS);
	term_settle(&t, 100);
	ok = ok && vt_find(" threads, ") >= 0 &&
	     vt_find("by cpu:") >= 0;
	if (!ok)
		vt_dump("after H");
	ksft_test_result(ok, "H switches to the thread view, still by cpu\n");

	term_keys(&t, "q");
	t0 = now_ns();
	term_wait(&t, NULL, QUIT_MS);
	while (waitpid(t.pid, &status, WNOHANG) == 0 &&
	       now_ns() - t0 < QUIT_MS * 1000000ULL)
		usleep(10000);
	if (!WIFEXITED(status)) {
		kill(t.pid, SIGKILL);
		waitpid(t.pid, &status, 0);
	}
	ksft_test_result(WIFEXITED(status) && WEXITSTATUS(status) == 0,
			 "q ends it with status 0 within %d ms (%llu ms)\n", QUIT_MS,
			 (unsigned long long)((now_ns() - t0) / 1000000));
	close(t.fd);
	for (i = 0; i < 3; i++)
		kill_child(&c[i]);
}

/* -n N is batch mode even on a terminal: plain text, no curses */
static void test_batch_on_tty(void)
{
	char *const argv[] = { CLIENT, "-T", "-i", "300", "-n", "1", NULL };
	int status = -1;
	struct term t;

	vt_reset(ROWS, COLS);
	if (term_start(&t, argv))
		ksft_exit_fail_msg("forkpty: %s\n", strerror(errno));
	term_wait(&t, NULL, WAIT_MS);
	waitpid(t.pid, &status, 0);
	close(t.fd);
	if (vt_esc_seen() || vt_find("by total:") < 0)
		vt_dump("of -n 1");
	ksft_test_result(WIFEXITED(status) && !WEXITSTATUS(status) &&
			 !vt_esc_seen() && vt_find("by total:") >= 0,
			 "-T -n 1 on a terminal prints plain text, no escape sequence\n");
}

int main(void)
{
	ksft_print_header();
	if (access(CLIENT, X_OK))
		ksft_exit_fail_msg("%s: missing\n", CLIENT);
	if (access("/dev/ptmx", R_OK | W_OK))
		ksft_exit_fail_msg("/dev/ptmx: %s (devpts mounted by /init?)\n",
				   strerror(errno));
	ksft_set_plan(5);
	set_delayacct(true);
	test_keys();
	test_batch_on_tty();
	ksft_finished();
}
