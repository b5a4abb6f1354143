// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/<pid>/delays of a process keeps the totals of its exited threads:
 * it does not go down when a worker thread that did block I/O exits, nor
 * when the group leader exits and stays a zombie while a thread runs on,
 * and it equals the TASKSTATS TGID reply (taskdelays -r -t) exactly.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "delays_util.h"

#define CLIENT "/usr/bin/taskdelays"
#define BLK 65536

/* The test talks to its child process over two pipes. */
static int to_child[2], to_test[2];

static void tell(int fd)
{
	if (write(fd, "x", 1) != 1)
		_exit(10);
}

static void await(int fd)
{
	char b;

	if (read(fd, &b, 1) != 1)
		_exit(11);
}

/* O_DIRECT reads until the calling thread has a blkio delay */
static void io_until_delayed(void)
{
	pid_t tid = syscall(SYS_gettid);
	int fd = open("/dev/vda", O_RDONLY | O_DIRECT), i;
	struct delays d;
	void *buf;

	if (fd < 0 || posix_memalign(&buf, 4096, BLK))
		_exit(12);
	for (i = 0; i < 4000; i++) {
		if (pread(fd, buf, BLK, (off_t)(i * 7 % 1000) * BLK) != BLK)
			_exit(13);
		if (read_delays(getpid(), tid, &d))
			_exit(14);
		if (d.count[D_BLKIO])
			break;
	}
	close(fd);
	free(buf);
	if (!d.count[D_BLKIO])
		_exit(15);
}

static int nr_threads(void)
{
	DIR *dir = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (!dir)
		return -1;
	while ((e = readdir(dir)))
		n += e->d_name[0] != '.';
	closedir(dir);
	return n;
}

/* State letter of thread @tid of this process, from its stat file */
static char thread_state(pid_t tid)
{
	char path[64], buf[256], *p;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
	f = fopen(path, "r");
	if (!f)
		return '?';
	p = fgets(buf, sizeof(buf), f) ? strrchr(buf, ')') : NULL;
	fclose(f);
	return p && p[1] == ' ' ? p[2] : '?';
}

static void *worker_exits(void *arg)
{
	(void)arg;
	spin_ms(50);
	io_until_delayed();
	tell(to_test[1]);	/* "read me now, with the worker alive" */
	await(to_child[0]);	/* then exit */
	return NULL;
}

/* Case 1: the worker does I/O and exits; the leader did none. */
static void child_worker_exits(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, worker_exits, NULL))
		_exit(16);
	pthread_join(t, NULL);
	/* joined is not yet reaped: wait until the thread is gone */
	while (nr_threads() > 1)
		usleep(1000);
	tell(to_test[1]);
	pause();
}

static pid_t leader_tid;
static int leader_goes[2];

static void *worker_outlives(void *arg)
{
	(void)arg;
	await(leader_goes[0]);	/* the leader exits meanwhile */
	while (thread_state(leader_tid) != 'Z')
		usleep(1000);
	tell(to_test[1]);
	pause();
	return NULL;
}

/* Case 2: the leader does I/O and exits; a thread lives on. */
static void child_leader_exits(void)
{
	pthread_t t;

	leader_tid = getpid();
	if (pipe(leader_goes))
		_exit(17);
	spin_ms(50);
	io_until_delayed();
	if (pthread_create(&t, NULL, worker_outlives, NULL))
		_exit(16);
	tell(to_test[1]);	/* "read me now, with the leader alive" */
	await(to_child[0]);
	tell(leader_goes[1]);
	pthread_exit(NULL);
}

static bool not_below(const struct delays *after, const struct delays *before)
{
	bool ok = true;
	int i;

	for (i = 0; i < D_NR; i++) {
		if (after->count[i] < before->count[i] ||
		    after->total[i] < before->total[i]) {
			ksft_print_msg("%s went down: %llu %llu -> %llu %llu\n",
				       d_names[i],
				       (unsigned long long)before->count[i],
				       (unsigned long long)before->total[i],
				       (unsigned long long)after->count[i],
				       (unsigned long long)after->total[i]);
			ok = false;
		}
	}
	return ok;
}

static void run_case(const char *name, void (*child)(void))
{
	struct delays before, after, ts_before, ts_after;
	int err = 0;
	pid_t pid;
	char b;

	if (pipe(to_child) || pipe(to_test))
		ksft_exit_fail_msg("pipe\n");
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		ksft_exit_fail_msg("fork\n");
	if (pid == 0) {
		child();
		_exit(0);
	}
	/* both threads alive, the I/O done, every thread asleep */
	if (read(to_test[0], &b, 1) != 1)
		err = -1;
	usleep(20000);
	err = err ?: read_delays(pid, 0, &before);
	err = err ?: client_delays(CLIENT, "-t", pid, &ts_before);
	tell(to_child[1]);
	/* one thread has exited (and is reaped or a zombie) */
	if (!err && read(to_test[0], &b, 1) != 1)
		err = -1;
	usleep(20000);
	err = err ?: read_delays(pid, 0, &after);
	err = err ?: client_delays(CLIENT, "-t", pid, &ts_after);

	ksft_print_msg("%s: blkio %llu %llu -> %llu %llu, cpu count %llu -> %llu\n",
		       name, (unsigned long long)before.count[D_BLKIO],
		       (unsigned long long)before.total[D_BLKIO],
		       (unsigned long long)after.count[D_BLKIO],
		       (unsigned long long)after.total[D_BLKIO],
		       (unsigned long long)before.count[D_CPU],
		       (unsigned long long)after.count[D_CPU]);
	ksft_test_result(!err && before.count[D_BLKIO] > 0 &&
			 not_below(&after, &before),
			 "%s: /proc/<pid>/delays does not go down\n", name);
	ksft_test_result(!err &&
			 delays_equal(&before, "/proc", &ts_before, "TASKSTATS") &&
			 delays_equal(&after, "/proc", &ts_after, "TASKSTATS"),
			 "%s: /proc/<pid>/delays equals TASKSTATS TGID, before and after\n",
			 name);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	close(to_child[0]);
	close(to_child[1]);
	close(to_test[0]);
	close(to_test[1]);
}

int main(void)
{
	ksft_print_header();
	if (access("/dev/vda", R_OK))
		ksft_exit_skip("/dev/vda: missing\n");
	if (access(CLIENT, X_OK))
		ksft_exit_fail_msg("%s: missing\n", CLIENT);
	ksft_set_plan(4);
	set_delayacct(true);
	run_case("worker thread exits", child_worker_exits);
	run_case("zombie group leader", child_leader_exits);
	ksft_finished();
}
