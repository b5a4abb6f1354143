// SPDX-License-Identifier: GPL-2.0
/*
 * What taskdelays says when a task is not what was asked for, or an
 * option is wrong: -T with a pid that has no task says so (batch: exit
 * 1; on a terminal: in the head) and a batch stops when every watched
 * task has exited; -t of a thread names the process it reports; -p
 * with -t names both; -s takes the column titles and lists the keys;
 * an unknown option is one line, not the usage; -r prints the /proc
 * file's lines only; without CAP_NET_ADMIN
 * -T, -c and -l never point at /proc/<pid>/delays, which they cannot
 * use.  Runs on the build host too.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <limits.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"
#include "vt100.h"

static char out[1 << 18];
static char nopid[24];

static int run(char *const argv[])
{
	return run_capture(argv, 0, 0, out, sizeof(out));
}

/* A pid above kernel.pid_max can have no task */
static void no_pid(void)
{
	long max = read_sysctl("kernel/pid_max");

	snprintf(nopid, sizeof(nopid), "%ld", (max > 0 ? max : 4194304) + 1);
}

static void test_top_no_task(void)
{
	char *const batch[] = { td_client(), "-T", "-n", "20", "-i", "200",
				"-p", nopid, NULL };
	char *const json[] = { td_client(), "-T", "-J", "-n", "2", "-i", "200",
			       "-p", "1", "-p", nopid, NULL };
	char *const screen[] = { td_client(), "-T", "-i", "200", "-p", nopid,
				 NULL };
	char want[64];
	struct term t;
	int rc;
	bool ok;

	snprintf(want, sizeof(want), "no such task: %s", nopid);
	rc = run(batch);
	ok = rc == 1 && strstr(out, want) && !strstr(out, " COMM ");
	if (!ok)
		print_diag_lines("taskdelays -T -p", out);
	ksft_test_result(ok, "-T -n 20 -p %s: says no such task, exits 1 at once (%d)\n",
			 nopid, rc);

	snprintf(want, sizeof(want), "\"no_such_task\":[%s]", nopid);
	rc = run(json);
	ok = !rc && strstr(out, want) && strstr(out, "{\"id\":1,");
	if (!ok)
		print_diag_lines("taskdelays -T -J -p 1 -p", out);
	ksft_test_result(ok, "-T -J -p 1 -p %s: process 1 shown, no_such_task [%s]\n",
			 nopid, nopid);

	vt_reset(24, 80);
	snprintf(want, sizeof(want), "! no such task: %s", nopid);
	ok = !term_start(&t, screen) && term_wait(&t, want, 20000);
	if (!ok)
		vt_dump("-T -p on a terminal");
	term_keys(&t, "q");
	term_stop(&t, 5000);
	ksft_test_result(ok, "-T -p %s on a terminal: the head says no such task\n",
			 nopid);
}

/*
 * A batch -T stops once every watched task has exited.  The child exits
 * only after the client's first round showed it: on a loaded machine the
 * client may take longer to start than any fixed sleep.
 */
static void test_top_exited(void)
{
	char arg[16];
	char *const argv[] = { td_client(), "-T", "-n", "40", "-i", "200",
			       "-p", arg, NULL };
	int go = -1, fd, status, rc = -1, rounds = 0;
	pid_t child = fork_pipe(&go, false), client = -1;
	char c, buf[512];
	size_t len = 0;
	const char *p;
	ssize_t n;

	if (child == 0)
		_exit(read(go, &c, 1) == 1 ? 0 : 1);
	out[0] = '\0';
	snprintf(arg, sizeof(arg), "%d", child);
	if (child > 0)
		client = spawn_piped(argv, 0, 0, &fd);
	/* drained to the end, so that the client never blocks */
	while (client > 0 && (n = read(fd, buf, sizeof(buf))) > 0) {
		if (len + n < sizeof(out)) {
			memcpy(out + len, buf, n);
			len += n;
			out[len] = '\0';
		}
		/* a byte, not EOF: the client holds the pipe's end too */
		if (go >= 0 && strstr(out, " COMM ")) {
			if (write(go, "x", 1) != 1)
				ksft_print_msg("the child was not told to exit\n");
			close(go);
			go = -1;
		}
	}
	if (client > 0) {
		close(fd);
		if (waitpid(client, &status, 0) == client && WIFEXITED(status))
			rc = WEXITSTATUS(status);
	}
	if (go >= 0) {
		if (child > 0)
			kill(child, SIGKILL);
		close(go);
	}
	/* its zombie, unreaped until the client is done, has exited too */
	if (child > 0)
		waitpid(child, NULL, 0);
	for (p = out; (p = strstr(p, " COMM ")); p++)
		rounds++;
	ksft_test_result(!rc && strstr(out, "every task watched has exited") &&
			 rounds < 40,
			 "-T -n 40 -p CHILD stops after the child exits (%d rounds, %d)\n",
			 rounds, rc);
}

static void *spin_thread(void *arg)
{
	__atomic_store_n((pid_t *)arg, syscall(SYS_gettid), __ATOMIC_RELEASE);
	pause();
	return NULL;
}

/* -t of a thread that is not the leader is reported as its process */
static void test_tgid_of_thread(void)
{
	static pid_t tid;
	char arg[16], bad[32], good[32];
	char *const argv[] = { td_client(), "-t", arg, NULL };
	char *const json[] = { td_client(), "-J", "-t", arg, NULL };
	pthread_t th;
	int rc, i;
	bool ok;

	pthread_create(&th, NULL, spin_thread, &tid);
	for (i = 0; i < 500 && !__atomic_load_n(&tid, __ATOMIC_ACQUIRE); i++)
		usleep(10000);
	snprintf(arg, sizeof(arg), "%d", tid);
	snprintf(bad, sizeof(bad), "TGID %d ", tid);
	snprintf(good, sizeof(good), "TGID %d ", getpid());
	rc = run(argv);
	ok = !rc && tid && !strstr(out, bad) && strstr(out, good) &&
	     strstr(out, "is a thread of process");
	if (!ok)
		print_diag_lines("taskdelays -t TID", out);
	ksft_test_result(ok, "-t of thread %d names its process %d\n", tid,
			 getpid());
	snprintf(good, sizeof(good), "\"type\":\"tgid\",\"id\":%d,", getpid());
	rc = run(json);
	ksft_test_result(!rc && strstr(out, good),
			 "-t -J of thread %d: the record's id is process %d\n",
			 tid, getpid());
}

/* Wrong options: each message says what is wrong, in a line or two */
static void test_option_messages(void)
{
	char *const pt[] = { td_client(), "-p", "1", "-t", "1", NULL };
	char *const io[] = { td_client(), "-T", "-s", "io", "-n", "1", "-i",
			     "200", "-N", "1", NULL };
	char *const title[] = { td_client(), "-T", "-s", "SWAP%", "-n", "1",
				"-i", "200", "-N", "1", NULL };
	char *const nope[] = { td_client(), "-T", "-s", "nope", NULL };
	char *const unknown[] = { td_client(), "-x", NULL };
	int rc, lines = 0;
	const char *p;

	rc = run(pt);
	ksft_test_result(rc == 2 && strstr(out, "-p and -t cannot be combined"),
			 "-p 1 -t 1: '-p and -t cannot be combined'\n");
	rc = run(io);
	ksft_test_result(!rc && strstr(out, "by blkio:"),
			 "-s io sorts by the IO%% column's delay, blkio\n");
	rc = run(title);
	ksft_test_result(!rc && strstr(out, "by swapin:") && strstr(out, " SWAP%"),
			 "-s SWAP%% sorts by swapin, shown in its column\n");
	rc = run(nope);
	ksft_test_result(rc == 2 && strstr(out, "blkio (IO%)") &&
			 strstr(out, "read (RD/s)"),
			 "-s nope lists every key with its column\n");
	rc = run(unknown);
	for (p = out; *p; p++)
		lines += *p == '\n';
	ksft_test_result(rc == 2 && lines <= 2 && strstr(out, "--help"),
			 "-x: %d lines naming --help, not the usage\n", lines);
}

/* -r's standard output is the /proc file's lines, nothing else */
static void test_raw_lines(void)
{
	char *const argv[] = { "/bin/sh", "-c", "exec \"$0\" -r -p 1 2>/dev/null",
			       td_client(), NULL };
	int rc = run_capture(argv, 0, 0, out, sizeof(out)), bad = 0, n = 0;
	char *line, *save;

	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), n++) {
		char key[32];

		if (sscanf(line, "%31[a-z]: ", key) != 1) {
			ksft_print_msg("not a /proc line: '%s'\n", line);
			bad++;
		}
	}
	ksft_test_result(!rc && n > 0 && !bad,
			 "-r -p 1: %d lines on stdout, each 'type: ...'\n", n);
}

/* As nobody, the modes that need TASKSTATS point at no /proc file */
static void test_unprivileged(void)
{
	static const char *const modes[][4] = {
		{ "-T", "-n", "1" }, { "-c", "true" }, { "-l", "-n", "1" },
	};
	char closed[PATH_MAX];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(modes); i++) {
		char *argv[6] = { td_client() };
		int rc, j;
		bool ok;

		if (!can_run_as(td_client(), 65534, 65534, closed,
				sizeof(closed))) {
			ksft_test_result_skip("as nobody %s: nobody cannot enter %s\n",
					      modes[i][0], closed);
			continue;
		}
		for (j = 0; j < 4 && modes[i][j]; j++)
			argv[1 + j] = (char *)modes[i][j];
		rc = run_capture(argv, 65534, 65534, out, sizeof(out));
		ok = rc != 0 && strstr(out, "CAP_NET_ADMIN") &&
		     !strstr(out, "delays needs no capability") &&
		     !strstr(out, "<pid>");
		if (!ok)
			print_diag_lines("taskdelays as nobody", out);
		ksft_test_result(ok, "as nobody, %s names CAP_NET_ADMIN and no /proc file\n",
				 modes[i][0]);
	}
}

int main(void)
{
	td_begin();
	no_pid();
	ksft_set_plan(3 + 1 + 2 + 5 + 1 + 3);
	test_top_no_task();
	test_top_exited();
	test_tgid_of_thread();
	test_option_messages();
	test_raw_lines();
	test_unprivileged();
	ksft_finished();
}
