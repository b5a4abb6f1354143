// SPDX-License-Identifier: GPL-2.0
/*
 * The client ends when it should: -c returns once its command is done
 * while another process forks and exits in a loop, and SIGTERM or SIGINT
 * end -c (passing the signal on to the command) and -T.  Every view
 * names the task (TGID replies carry no comm), and -T reports the
 * interval that really passed.
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

#define CLIENT "/usr/bin/taskdelays"

struct run {
	pid_t pid;
	int fd;
	char out[16384];
	size_t len;
	int status;		/* exit status, or -1 */
	uint64_t ms;		/* from start to exit */
};

static void start(struct run *r, char *const argv[])
{
	memset(r, 0, sizeof(*r));
	r->status = -1;
	r->ms = now_ns() / 1000000;
	r->pid = spawn_piped(argv, 0, 0, &r->fd);
	if (r->pid < 0)
		ksft_exit_fail_msg("%s: fork failed\n", argv[0]);
}

/*
 * Collect output until EOF or @limit_ms after the start; past the limit
 * the client is killed and its status stays -1.  @sig, when not 0, is
 * sent @sig_ms after the start.
 */
static void finish(struct run *r, int sig, unsigned int sig_ms,
		   unsigned int limit_ms)
{
	uint64_t t0 = r->ms, now;
	int status;

	for (;;) {
		struct pollfd pfd = { .fd = r->fd, .events = POLLIN };
		ssize_t n;

		now = now_ns() / 1000000;
		if (sig && now >= t0 + sig_ms) {
			kill(r->pid, sig);
			sig = 0;
		}
		if (now >= t0 + limit_ms)
			break;
		if (poll(&pfd, 1, 50) <= 0)
			continue;
		n = read(r->fd, r->out + r->len, sizeof(r->out) - r->len - 1);
		if (n <= 0)
			break;
		r->len += n;
		r->out[r->len] = '\0';
	}
	close(r->fd);
	if (now >= t0 + limit_ms) {
		ksft_print_msg("%s: still running after %u ms, killed\n", CLIENT,
			       limit_ms);
		kill(r->pid, SIGKILL);
		waitpid(r->pid, NULL, 0);
		r->ms = limit_ms;
		return;
	}
	if (waitpid(r->pid, &status, 0) == r->pid && WIFEXITED(status))
		r->status = WEXITSTATUS(status);
	r->ms = now_ns() / 1000000 - t0;
}

/* Fork and exit in a loop, about a thousand times a second at most */
static void churn(void *arg)
{
	(void)arg;
	for (;;) {
		pid_t pid = fork();

		if (pid == 0)
			_exit(0);
		if (pid > 0)
			waitpid(pid, NULL, 0);
		usleep(1000);
	}
}

static unsigned long exits(void)
{
	char buf[256];
	unsigned long n = 0;
	FILE *f = fopen("/proc/stat", "r");

	while (f && fgets(buf, sizeof(buf), f))
		if (sscanf(buf, "processes %lu", &n) == 1)
			break;
	if (f)
		fclose(f);
	return n;
}

static void test_command_with_churn(const char *self)
{
	char *const argv[] = { CLIENT, "-r", "-c", (char *)self, "--short",
			 NULL };
	struct child c = { 0 };
	unsigned long f0, f1;
	char want[64];
	struct run r;

	fork_child(&c, churn, NULL);
	start_child(&c);
	usleep(200000);
	f0 = exits();
	start(&r, argv);
	finish(&r, 0, 0, 20000);
	f1 = exits();
	kill_child(&c);
	ksft_print_msg("-c took %llu ms while %lu other tasks forked and exited\n",
		       (unsigned long long)r.ms, f1 - f0);
	snprintf(want, sizeof(want), "(%.15s)", strrchr(self, '/') + 1);
	if (r.status || !strstr(r.out, want))
		print_diag_lines("taskdelays -c", r.out);
	/* at 40 exits a second or more, 100 ms without one never come */
	ksft_test_result(r.status == 0 && r.ms < 10000 && f1 - f0 >= 20 &&
			 strstr(r.out, want) && strstr(r.out, "\nblkio: "),
			 "-c returns with the command's record while others exit\n");
}

static void test_signal_command(int sig, const char *name)
{
	char *const argv[] = { CLIENT, "-c", "/bin/sleep", "60", NULL };
	char want[64];
	struct run r;

	start(&r, argv);
	finish(&r, sig, 1000, 10000);
	snprintf(want, sizeof(want), "killed by signal %d", sig);
	/* the command's fate is taskdelays' exit status, as in time(1) */
	if (r.status != 128 + sig || !strstr(r.out, want))
		print_diag_lines("taskdelays -c", r.out);
	ksft_test_result(r.status == 128 + sig && r.ms < 6000 &&
			 strstr(r.out, want),
			 "%s ends -c: passed on to the command, its record printed, exit status %d (%llu ms)\n",
			 name, r.status, (unsigned long long)r.ms);
}

static void test_signal_top(int sig, const char *name)
{
	char *const argv[] = { CLIENT, "-T", "-i", "200", NULL };
	struct run r;

	start(&r, argv);
	finish(&r, sig, 1500, 10000);
	ksft_test_result(r.status == 0 && r.ms < 6000 &&
			 strstr(r.out, "TGID"),
			 "%s ends -T (%llu ms)\n", name,
			 (unsigned long long)r.ms);
}

static bool comm_of(pid_t pid, char *buf, size_t len)
{
	char path[32];
	FILE *f;
	bool ok;

	snprintf(path, sizeof(path), "/proc/%d/comm", pid);
	f = fopen(path, "r");
	if (!f)
		return false;
	ok = fgets(buf, len, f) != NULL;
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return ok;
}

static void idle(void *arg)
{
	(void)arg;
	spin_ms(300);
}

static void test_comm_everywhere(void)
{
	char pid[16], comm[32], want[64];
	char *const p[] = { CLIENT, "-p", pid, NULL };
	char *const t[] = { CLIENT, "-t", pid, NULL };
	char *const t1[] = { CLIENT, "-t", "1", NULL };
	char *const top[] = { CLIENT, "-T", "-i", "300", "-n", "1", "-N",
			"1000", NULL };
	static struct row r[256];
	char out[65536];
	struct child c = { 0 };
	int rc, bad = 0, rows = 0, mine = 0, nrows, i;
	struct table tab;

	fork_child(&c, idle, NULL);
	start_child(&c);
	wait_stopped(&c);
	snprintf(pid, sizeof(pid), "%d", c.pid);
	comm_of(c.pid, comm, sizeof(comm));

	snprintf(want, sizeof(want), "PID %d (%s)", c.pid, comm);
	rc = run_capture(p, 0, 0, out, sizeof(out));
	ksft_test_result(!rc && strstr(out, want), "-p names the task: %s\n",
			 want);
	snprintf(want, sizeof(want), "TGID %d (%s)", c.pid, comm);
	rc = run_capture(t, 0, 0, out, sizeof(out));
	ksft_test_result(!rc && strstr(out, want), "-t names the process: %s\n",
			 want);
	comm_of(1, comm, sizeof(comm));
	snprintf(want, sizeof(want), "TGID 1 (%s)", comm);
	rc = run_capture(t1, 0, 0, out, sizeof(out));
	ksft_test_result(!rc && strstr(out, want), "-t 1 names init: %s\n",
			 want);

	rc = run_capture(top, 0, 0, out, sizeof(out));
	nrows = table_parse(out, &tab, r, 256);
	for (i = 0; i < nrows; i++) {
		const char *name = r[i].comm;
		int tgid = r[i].id;

		rows++;
		/* a process may exit during the round: compare the ones that stay */
		if (comm_of(tgid, comm, sizeof(comm)) && strcmp(comm, name) &&
		    strncmp(comm, name, strlen(name))) {
			ksft_print_msg("-T: TGID %d shown as '%s', is '%s'\n",
				       tgid, name, comm);
			bad++;
		}
		mine += tgid == c.pid;
	}
	if (rc || !rows || bad || !mine)
		print_diag_lines("taskdelays -T", out);
	ksft_test_result(!rc && rows > 1 && !bad && mine,
			 "-T names every process (%d rows)\n", rows);
	kill_child(&c);
}

static void test_top_interval(void)
{
	char *const argv[] = { CLIENT, "-T", "-i", "300", "-n", "3", NULL };
	char out[65536], *p;
	int rc, rounds = 0, ok = 0;

	rc = run_capture(argv, 0, 0, out, sizeof(out));
	for (p = out; (p = strstr(p, " over ")); p++) {
		unsigned int ms;

		if (sscanf(p, " over %u ms", &ms) != 1)
			continue;
		rounds++;
		ksft_print_msg("-T -i 300: round over %u ms\n", ms);
		ok += ms >= 300 && ms < 5000;
	}
	ksft_test_result(!rc && rounds == 3 && ok == 3,
			 "-T reports the measured interval, at least -i\n");
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--short")) {
		spin_ms(500);
		return 0;
	}
	ksft_print_header();
	if (access(CLIENT, X_OK))
		ksft_exit_fail_msg("%s: missing\n", CLIENT);
	ksft_set_plan(10);
	set_delayacct(true);
	test_command_with_churn(argv[0]);
	test_signal_command(SIGTERM, "SIGTERM");
	test_signal_command(SIGINT, "SIGINT");
	test_signal_top(SIGTERM, "SIGTERM");
	test_signal_top(SIGINT, "SIGINT");
	test_comm_everywhere();
	test_top_interval();
	ksft_finished();
}
