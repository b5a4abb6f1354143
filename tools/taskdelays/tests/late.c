// SPDX-License-Identifier: GPL-2.0
/*
 * A task whose delay accounting started after the task did is marked:
 * its record cannot say so, but the time of the switch and the task's
 * start can be compared.  Process A is forked while kernel.task_delayacct
 * is 0; the client sees the switch to 1 happen in -T, -c and -l and
 * marks A (and a command that switched it on) as late, never a process
 * forked after it saw the switch; a client started after an unknown
 * switch marks older tasks '?' and says why in -t.  Changes the sysctl:
 * guest only.
 */
#define _GNU_SOURCE
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

#define WAIT_MS 30000

static char out[1 << 18];

static pid_t sleeper(void)
{
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		pause();
		_exit(0);
	}
	return pid;
}

static void reap(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

/* A client's output line by line, as it comes */
struct lines {
	int fd;
	pid_t pid;
	size_t len;
	char buf[1 << 18];
};

/* The next line into @line (of @max), within WAIT_MS; false at EOF */
static bool next_line(struct lines *l, char *line, size_t max)
{
	struct pollfd p = { .fd = l->fd, .events = POLLIN };

	for (;;) {
		char *nl = memchr(l->buf, '\n', l->len);
		ssize_t n;

		if (nl) {
			size_t len = nl - l->buf + 1;

			snprintf(line, max, "%.*s", (int)(len < max ? len : max - 1),
				 l->buf);
			memmove(l->buf, nl + 1, l->len - len);
			l->len -= len;
			return true;
		}
		if (l->len == sizeof(l->buf) || poll(&p, 1, WAIT_MS) <= 0)
			return false;
		n = read(l->fd, l->buf + l->len, sizeof(l->buf) - l->len);
		if (n <= 0)
			return false;
		l->len += n;
	}
}

static int end_lines(struct lines *l)
{
	int status;

	kill(l->pid, SIGTERM);
	close(l->fd);
	waitpid(l->pid, &status, 0);
	return status;
}

/* The "acct_late" of the task object with "id":@id in @json: 1, 0, -1 */
static int late_of(const char *json, pid_t id)
{
	char key[32];
	const char *p, *q;

	snprintf(key, sizeof(key), "{\"id\":%d,", id);
	p = strstr(json, key);
	if (!p) {
		snprintf(key, sizeof(key), "\"id\":%d,", id);
		p = strstr(json, key);
	}
	q = p ? strstr(p, "\"acct_late\":") : NULL;
	if (!q)
		return -2;
	q += strlen("\"acct_late\":");
	return !strncmp(q, "true", 4) ? 1 : !strncmp(q, "false", 5) ? 0 : -1;
}

/*
 * -T -J with accounting off at its start: switched on meanwhile, A (forked
 * before) is late, C (forked after the client saw the switch) is not
 */
static void test_top_seen(void)
{
	static char line[1 << 17], last[1 << 17];
	char *const argv[] = { td_client(), "-T", "-J", "-i", "300", "-n",
			       "12", "-N", "100000", NULL };
	struct lines *l = calloc(1, sizeof(*l));
	pid_t a, c = -1;
	bool seen = false;
	int rounds = 0, la = -2, lc = -2;

	set_delayacct(false);
	a = sleeper();
	l->pid = spawn_piped(argv, 0, 0, &l->fd);
	usleep(100000);
	set_delayacct(true);
	last[0] = '\0';
	while (next_line(l, line, sizeof(line))) {
		rounds++;
		if (!seen && strstr(line, "\"delayacct\":true")) {
			seen = true;
			/* its start, in clock ticks, is surely after the sample */
			usleep(50000);
			c = sleeper();
			continue;
		}
		if (seen && c > 0 && late_of(line, c) > -2) {
			snprintf(last, sizeof(last), "%s", line);
			break;
		}
	}
	end_lines(l);
	la = late_of(last, a);
	lc = late_of(last, c);
	if (la != 1 || lc != 0)
		ksft_print_msg("after %d rounds: A %d late %d, C %d late %d\n",
			       rounds, a, la, c, lc);
	ksft_test_result(la == 1, "-T -J: forked before the switch it saw, acct_late true\n");
	ksft_test_result(lc == 0, "-T -J: forked after the switch it saw, acct_late false\n");
	reap(a);
	if (c > 0)
		reap(c);
	free(l);
}

/*
 * Started after a switch it did not see (and no "delayacct" on the
 * command line): -T says once that older tasks may miss delays and
 * marks none of them, acct_late is null, and -t says the switch time is
 * unknown
 */
static void test_unknown_switch(void)
{
	char arg[16];
	char *const top[] = { td_client(), "-T", "-n", "1", "-i", "300", "-p",
			      arg, NULL };
	char *const topj[] = { td_client(), "-T", "-J", "-n", "1", "-i",
			       "300", "-p", arg, NULL };
	char *const tgid[] = { td_client(), "-t", arg, NULL };
	static struct row r[8];
	struct table t;
	pid_t a;
	int n, rc;
	bool ok;

	if (cmdline_has("delayacct")) {
		ksft_test_result_skip("on since boot: no switch time unknown\n");
		ksft_test_result_skip("on since boot: no switch time unknown\n");
		ksft_test_result_skip("on since boot: no switch time unknown\n");
		return;
	}
	set_delayacct(true);
	a = sleeper();
	snprintf(arg, sizeof(arg), "%d", a);
	rc = run_capture(top, 0, 0, out, sizeof(out));
	n = table_parse(out, &t, r, 8);
	ok = !rc && n == 1 && r[0].mark == ' ' &&
	     strstr(out, "\naccounting was switched on at an unknown time");
	if (!ok)
		print_diag_lines("taskdelays -T", out);
	ksft_test_result(ok, "-T: says older tasks may miss delays, marks none\n");
	rc = run_capture(topj, 0, 0, out, sizeof(out));
	ksft_test_result(!rc && late_of(out, a) == -1,
			 "-T -J: its acct_late is null\n");
	rc = run_capture(tgid, 0, 0, out, sizeof(out));
	ok = !rc && strstr(out, "\n# kernel.task_delayacct was switched on after boot");
	if (!ok)
		print_diag_lines("taskdelays -t", out);
	ksft_test_result(ok, "-t says the switch time is unknown\n");
	reap(a);
}

/* -c: a command that switches accounting on is late; one after is not */
static void test_command(void)
{
	char *const on[] = { td_client(), "-J", "-c", "sh", "-c",
			     "echo 1 > /proc/sys/kernel/task_delayacct", NULL };
	char *const text[] = { td_client(), "-c", "sh", "-c",
			       "echo 1 > /proc/sys/kernel/task_delayacct", NULL };
	char *const after[] = { td_client(), "-J", "-c", "true", NULL };
	int rc;

	set_delayacct(false);
	rc = run_capture(on, 0, 0, out, sizeof(out));
	if (rc || !strstr(out, "\"acct_late\":true"))
		print_diag_lines("taskdelays -c", out);
	ksft_test_result(!rc && strstr(out, "\"acct_late\":true"),
			 "-c -J of a command that switched accounting on: acct_late true\n");
	set_delayacct(false);
	rc = run_capture(text, 0, 0, out, sizeof(out));
	if (rc || !strstr(out, "\n# accounting started after this task did"))
		print_diag_lines("taskdelays -c", out);
	ksft_test_result(!rc && strstr(out, "\n# accounting started after this task did"),
			 "-c says accounting started after the command did\n");
	rc = run_capture(after, 0, 0, out, sizeof(out));
	ksft_test_result(!rc && strstr(out, "\"acct_late\":false"),
			 "-c -J of a command started while it was on: acct_late false\n");
}

/* -l: a process forked before a switch the client saw exits late */
static void test_listen(void)
{
	static char line[8192];
	char *const argv[] = { td_client(), "-l", "-J", "-n", "1000", NULL };
	struct lines *l = calloc(1, sizeof(*l));
	char key[32];
	pid_t a;
	int late = -2;

	set_delayacct(false);
	a = sleeper();
	l->pid = spawn_piped(argv, 0, 0, &l->fd);
	/* "listening" comes on stderr, into the same pipe, after the warning */
	while (next_line(l, line, sizeof(line)) && !strstr(line, "listening"))
		;
	set_delayacct(true);
	/* the client reads the sysctl at least every 500 ms */
	usleep(1200000);
	reap(a);
	snprintf(key, sizeof(key), "\"type\":\"pid\",\"id\":%d,", a);
	while (next_line(l, line, sizeof(line)))
		if (strstr(line, key)) {
			late = strstr(line, "\"acct_late\":true") ? 1 : 0;
			break;
		}
	end_lines(l);
	if (late != 1)
		ksft_print_msg("exit record of %d: %s", a, line);
	ksft_test_result(late == 1, "-l -J: forked before the switch it saw, acct_late true\n");
	free(l);
}

int main(void)
{
	long was;

	ksft_print_header();
	if (td_on_host())
		ksft_exit_skip("switches kernel.task_delayacct: guest only\n");
	if (access("/proc/sys/kernel/task_delayacct", W_OK))
		ksft_exit_skip("no writable kernel.task_delayacct\n");
	ksft_set_plan(2 + 3 + 3 + 1);
	was = read_sysctl("kernel/task_delayacct");
	test_top_seen();
	test_unknown_switch();
	test_command();
	test_listen();
	set_delayacct(was == 1);
	ksft_finished();
}
