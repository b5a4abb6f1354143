// SPDX-License-Identifier: GPL-2.0
/*
 * Another user's delays stay private: uid 1000 gets EACCES on root's
 * /proc/<pid>/delays (the ptrace-read rule of /proc/<pid>/io) but may read
 * its own, but not those of its own tasks that made themselves
 * non-dumpable; the client tells it that CAP_NET_ADMIN is missing and
 * falls back to the /proc files where it may read them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <grp.h>
#include <sys/prctl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "delays_util.h"

#define USER 1000

static void idle(void *arg)
{
	(void)arg;
}

/* errno of opening @path as uid USER, 0 if it opened and read */
static int open_as_user(const char *path)
{
	int status;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		char buf[512];
		int fd;

		if (setgroups(0, NULL) || setgid(USER) || setuid(USER))
			_exit(255);
		/*
		 * Changing uid made us non-dumpable, which hands our /proc
		 * files to root; be an ordinary process of USER again.
		 */
		if (prctl(PR_SET_DUMPABLE, 1))
			_exit(254);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			_exit(errno);
		if (read(fd, buf, sizeof(buf)) < 0)
			_exit(errno);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

/* A parked task of uid USER, dumpable or not; killed by the caller */
static pid_t user_task(bool dumpable)
{
	bool ready;
	pid_t pid;
	int fd;
	char b;

	pid = fork_pipe(&fd, true);
	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (setgroups(0, NULL) || setgid(USER) || setuid(USER) ||
		    prctl(PR_SET_DUMPABLE, dumpable ? 1 : 0))
			_exit(255);
		if (write(fd, "r", 1) != 1)
			_exit(254);
		for (;;)
			pause();
	}
	ready = read(fd, &b, 1) == 1;
	close(fd);
	if (!ready) {
		/* it could not become USER: it exits, reap it */
		waitpid(pid, NULL, 0);
		return -1;
	}
	return pid;
}

static void stop_task(pid_t pid)
{
	if (pid > 0) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
	}
}

static void test_same_uid(void)
{
	pid_t dumpable = user_task(true), secret = user_task(false);
	char path[64], arg[16], out[4096], want[64];
	char *const argv[] = { "/usr/bin/taskdelays", "-t", arg, NULL };
	int rc_d, rc_s, rc;

	snprintf(path, sizeof(path), "/proc/%d/delays", dumpable);
	rc_d = open_as_user(path);
	snprintf(path, sizeof(path), "/proc/%d/delays", secret);
	rc_s = open_as_user(path);
	ksft_test_result(dumpable > 0 && secret > 0 && rc_d == 0 &&
			 rc_s == EACCES,
			 "uid %d reads its dumpable task's delays, not its non-dumpable one's (%s)\n",
			 USER, rc_s > 0 ? strerror(rc_s) : "no error");

	snprintf(arg, sizeof(arg), "%d", dumpable);
	snprintf(want, sizeof(want), "TGID %d (", dumpable);
	rc = run_capture(argv, USER, USER, out, sizeof(out));
	if (rc || !strstr(out, want))
		print_diag_lines("taskdelays -t", out);
	ksft_test_result(rc == 0 && strstr(out, want) &&
			 strstr(out, "read /proc/") && strstr(out, "\ncpu "),
			 "without CAP_NET_ADMIN the client reads /proc/<pid>/delays\n");
	stop_task(dumpable);
	stop_task(secret);
}

int main(void)
{
	char path[64], pid[16], out[4096];
	char *const argv[] = { "/usr/bin/taskdelays", "-p", pid, NULL };
	struct child c = { 0 };
	struct delays d;
	int err, rc;

	ksft_print_header();
	if (getuid() != 0)
		ksft_exit_skip("needs root to switch users\n");
	ksft_set_plan(7);
	set_delayacct(true);

	err = fork_child(&c, idle, NULL);	/* root's task, parked */
	if (err)
		ksft_exit_fail_msg("fork: %s\n", strerror(-err));
	snprintf(pid, sizeof(pid), "%d", c.pid);
	snprintf(path, sizeof(path), "/proc/%d/delays", c.pid);

	ksft_test_result(read_delays(c.pid, 0, &d) == 0,
			 "root reads root's %s\n", path);
	rc = open_as_user(path);
	ksft_test_result(rc == EACCES, "uid %d gets EACCES on root's delays (%s)\n",
			 USER, rc > 0 ? strerror(rc) : rc ? "?" : "no error");
	snprintf(path, sizeof(path), "/proc/%d/task/%d/delays", c.pid, c.pid);
	rc = open_as_user(path);
	ksft_test_result(rc == EACCES, "uid %d gets EACCES on root's task/<tid>/delays\n",
			 USER);
	rc = open_as_user("/proc/self/delays");
	ksft_test_result(rc == 0, "uid %d reads its own delays\n", USER);

	rc = run_capture(argv, USER, USER, out, sizeof(out));
	ksft_print_msg("taskdelays as uid %d: exit %d\n", USER, rc);
	print_diag_lines("taskdelays", out);
	ksft_test_result(rc != 0 && strstr(out, "CAP_NET_ADMIN"),
			 "the client explains the missing CAP_NET_ADMIN\n");
	kill_child(&c);
	test_same_uid();
	ksft_finished();
}
