// SPDX-License-Identifier: GPL-2.0
/*
 * The client's other modes: -l prints the exit record of a task that
 * exits while it listens, -T ranks the processes whose delays grow the
 * most, and bad command lines are refused with a message.
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

#define CLIENT "/usr/bin/taskdelays"

struct proc {
	pid_t pid;
	int fd;			/* its stdout and stderr */
	char out[8192];
	size_t len;
};

static int spawn(struct proc *p, char *const argv[])
{
	p->len = 0;
	p->out[0] = '\0';
	p->pid = spawn_piped(argv, 0, 0, &p->fd);
	return p->pid < 0 ? -1 : 0;
}

/* Read output until @needle shows up, EOF, or @ms pass. */
static bool read_until(struct proc *p, const char *needle, int ms)
{
	uint64_t end = now_ns() + ms * 1000000ULL;

	while (!needle || !strstr(p->out, needle)) {
		struct pollfd pfd = { .fd = p->fd, .events = POLLIN };
		int64_t left = (int64_t)(end - now_ns()) / 1000000;
		ssize_t n;

		if (left <= 0 || poll(&pfd, 1, left) <= 0)
			return false;
		n = read(p->fd, p->out + p->len, sizeof(p->out) - p->len - 1);
		if (n <= 0)
			return needle == NULL;
		p->len += n;
		p->out[p->len] = '\0';
	}
	return true;
}

static int finish(struct proc *p)
{
	int status;

	close(p->fd);
	if (waitpid(p->pid, &status, 0) != p->pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

static void short_task(void *arg)
{
	(void)arg;
	spin_ms(20);
}

/*
 * One exit record of the child, through -l -n 1.  Any task that exits
 * on CPU 0 in that window sends its record first (the guest's init and
 * its timeout(1) do): that is -l working, not failing, so try again.
 */
static bool listen_once(struct proc *l, bool *ours)
{
	char *const argv[] = { CLIENT, "-r", "-l", "-n", "1", "-m", "0", NULL };
	struct child c = { 0 };
	char want[32];
	bool ok;
	int rc;

	*ours = false;
	if (spawn(l, argv))
		return false;
	ok = read_until(l, "listening", 5000);
	fork_child(&c, short_task, NULL);
	snprintf(want, sizeof(want), "PID %d ", c.pid);
	start_child(&c);
	wait_stopped(&c);
	kill_child(&c);		/* its exit record goes to the listener */
	ok = ok && read_until(l, NULL, 10000);
	rc = finish(l);
	*ours = strstr(l->out, want) != NULL;
	return ok && rc == 0 && strstr(l->out, "\ncpu: ");
}

static void test_listen(void)
{
	struct proc l = { 0 };
	bool ok = false, ours = false;
	int try;

	for (try = 1; try <= 3 && !ours; try++) {
		ok = listen_once(&l, &ours);
		if (!ok || !ours)
			print_diag_lines("taskdelays -l", l.out);
		if (!ok)
			break;
	}
	ksft_test_result(ok && ours,
			 "taskdelays -l prints the exit record of a task\n");
}

static void busy(void *arg)
{
	(void)arg;
	spin_ms(4000);
}

static void test_top(void)
{
	char *const argv[] = { CLIENT, "-T", "-i", "1000", "-n", "1", "-N", "2",
			 NULL };
	struct child c[2] = { { 0 } };
	char out[8192], *line;
	int i, rc, found = 0;

	for (i = 0; i < 2; i++) {
		fork_child(&c[i], busy, NULL);
		start_child(&c[i]);
	}
	rc = run_capture(argv, 0, 0, out, sizeof(out));
	/* the two lines after the header are the top two */
	line = strstr(out, "TGID");
	for (i = 0; line && i < 2; i++) {
		line = strchr(line, '\n');
		if (line) {
			int pid = atoi(++line);

			found += pid == c[0].pid || pid == c[1].pid;
		}
	}
	if (rc || found != 2)
		print_diag_lines("taskdelays -T", out);
	ksft_test_result(rc == 0 && found == 2,
			 "taskdelays -T ranks two CPU-starved processes first\n");
	for (i = 0; i < 2; i++)
		kill_child(&c[i]);
}

static void test_bad_args(void)
{
	char *const help[] = { CLIENT, "--help", NULL };
	char *const bad_pid[] = { CLIENT, "-p", "12x", NULL };
	char *const two[] = { CLIENT, "-p", "1", "-t", "1", NULL };
	char *const none[] = { CLIENT, NULL };
	char out[4096];
	int rc;

	rc = run_capture(help, 0, 0, out, sizeof(out));
	ksft_test_result(rc == 0 && strstr(out, "Usage:"), "--help prints usage\n");
	rc = run_capture(bad_pid, 0, 0, out, sizeof(out));
	ksft_test_result(rc == 2 && strstr(out, "'12x' is not a number"),
			 "a bad pid is refused with a message\n");
	rc = run_capture(two, 0, 0, out, sizeof(out));
	ksft_test_result(rc == 2 && strstr(out, "cannot be combined"),
			 "two modes are refused\n");
	rc = run_capture(none, 0, 0, out, sizeof(out));
	ksft_test_result(rc == 2 && strstr(out, "Usage:"),
			 "no mode prints usage and fails\n");
}

int main(void)
{
	ksft_print_header();
	if (access(CLIENT, X_OK))
		ksft_exit_fail_msg("%s: missing\n", CLIENT);
	ksft_set_plan(6);
	set_delayacct(true);
	test_listen();
	test_top();
	test_bad_args();
	ksft_finished();
}
