// SPDX-License-Identifier: GPL-2.0
/*
 * The other delays tests of this directory, run again while one task
 * forks and exits in a loop (children with a thread and copy-on-write
 * pages), another switches kernel.task_delayacct off and on, and a
 * third reads every task's delays files and /proc/<pid>/stat: every
 * lockless path of the patches (storage installed under a running task,
 * the fork hook, the readers) races with the others.  Meant for a kernel
 * built with KCSAN and lockdep, whose console must stay free of reports
 * (make check-delays-debug).  The tests' own verdicts assume a steady
 * switch, and those that retry until a delay grows may go on for long
 * while it flips, so here each runs for at most BUDGET_S seconds and
 * must not die of a signal other than the one that ends its budget.
 * Afterwards, with accounting on, every task must be tracked.  Runs only
 * when the kernel command line has the word "delays.stress".
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/swap.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "delays_util.h"

#define MAX_TESTS 32
#define BUDGET_S 120
#define COW_BYTES (256 << 10)

struct counters {
	unsigned long forks;
	unsigned long toggles;
	unsigned long reads;
	unsigned long errors;	/* unexpected ones, each printed */
};

static struct counters *cnt;
static char cow[COW_BYTES];

static void sleep_us(unsigned int us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000L };

	nanosleep(&ts, NULL);
}

static void *touch(void *arg)
{
	memset(arg, 1, COW_BYTES / 2);
	return NULL;
}

/* Children with a thread each, writing to pages shared copy-on-write */
static void forker(void)
{
	/* present in the parent, so that the children's writes copy */
	memset(cow, 3, COW_BYTES);
	for (;;) {
		pid_t pid = fork();

		if (pid == 0) {
			pthread_t t;

			if (pthread_create(&t, NULL, touch, cow) == 0)
				pthread_join(t, NULL);
			memset(cow + COW_BYTES / 2, 2, COW_BYTES / 2);
			_exit(0);
		}
		if (pid > 0) {
			waitpid(pid, NULL, 0);
			__atomic_add_fetch(&cnt->forks, 1, __ATOMIC_RELAXED);
		}
	}
}

static void toggler(void)
{
	unsigned int i;

	for (i = 0;; i++) {
		int err = write_sysctl("kernel/task_delayacct", i & 1 ? "1" : "0");

		/* ENOMEM leaves accounting on: documented, not an error */
		if (err && err != -ENOMEM) {
			printf("# switching: kernel/task_delayacct: %s\n",
			       strerror(-err));
			__atomic_add_fetch(&cnt->errors, 1, __ATOMIC_RELAXED);
		}
		__atomic_add_fetch(&cnt->toggles, 1, __ATOMIC_RELAXED);
		sleep_us(500 + (i * 7919) % 3000);
	}
}

/* Read one file whole; a task that exited meanwhile is no error */
static void read_one(const char *path)
{
	char buf[4096];
	int fd = open(path, O_RDONLY);
	ssize_t n = 0;

	if (fd >= 0) {
		while ((n = read(fd, buf, sizeof(buf))) > 0)
			;
		close(fd);
	}
	if ((fd < 0 || n < 0) && errno != ENOENT && errno != ESRCH) {
		printf("# reader: %s: %s\n", path, strerror(errno));
		__atomic_add_fetch(&cnt->errors, 1, __ATOMIC_RELAXED);
		return;
	}
	__atomic_add_fetch(&cnt->reads, 1, __ATOMIC_RELAXED);
}

static void reader(void)
{
	for (;;) {
		DIR *proc = opendir("/proc");
		struct dirent *p;

		while (proc && (p = readdir(proc))) {
			char path[PATH_MAX];
			struct dirent *t;
			DIR *task;

			if (atoi(p->d_name) <= 0)
				continue;
			snprintf(path, sizeof(path), "/proc/%s/delays", p->d_name);
			read_one(path);
			snprintf(path, sizeof(path), "/proc/%s/stat", p->d_name);
			read_one(path);
			snprintf(path, sizeof(path), "/proc/%s/task", p->d_name);
			task = opendir(path);
			while (task && (t = readdir(task))) {
				if (atoi(t->d_name) <= 0)
					continue;
				snprintf(path, sizeof(path), "/proc/%s/task/%s/delays",
					 p->d_name, t->d_name);
				read_one(path);
			}
			if (task)
				closedir(task);
		}
		if (proc)
			closedir(proc);
	}
}

static pid_t start(void (*fn)(void))
{
	pid_t pid = fork();

	if (pid == 0) {
		fn();
		_exit(0);
	}
	return pid;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The other delays tests beside this program, by name */
static int find_tests(const char *dir, const char *self, char **names)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)) && n < MAX_TESTS) {
		if (strncmp(e->d_name, "delays-", 7) || !strcmp(e->d_name, self) ||
		    !strcmp(e->d_name, "delays-bench"))
			continue;
		names[n++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof(*names), by_name);
	return n;
}

/*
 * Run @path with its output discarded, in a process group of its own;
 * after BUDGET_S seconds the group is killed (*@stopped set), children
 * left stopped by the test included.  Its wait status, or -1.
 */
static int run_quiet(const char *path, bool *stopped)
{
	uint64_t end = now_ns() + BUDGET_S * 1000000000ULL;
	int status, fd;
	pid_t pid = fork(), got;

	*stopped = false;
	if (pid < 0)
		return -1;
	if (pid == 0) {
		setpgid(0, 0);
		fd = open("/dev/null", O_WRONLY);
		if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
			_exit(126);
		execl(path, path, (char *)NULL);
		_exit(127);
	}
	setpgid(pid, pid);
	while ((got = waitpid(pid, &status, WNOHANG)) == 0) {
		if (now_ns() > end) {
			*stopped = true;
			kill(-pid, SIGKILL);
			got = waitpid(pid, &status, 0);
			break;
		}
		sleep_us(100000);
	}
	/* the rest of the group, when the test itself was the one to go */
	kill(-pid, SIGKILL);
	return got == pid ? status : -1;
}

/* A test stopped in its budget may have left swap on: take it off */
static void swapoff_all(void)
{
	char line[256], dev[200];
	FILE *f = fopen("/proc/swaps", "r");

	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%199s", dev) == 1 && dev[0] == '/' &&
		    swapoff(dev))
			ksft_print_msg("swapoff %s: %s\n", dev, strerror(errno));
	}
	if (f)
		fclose(f);
}

int main(void)
{
	long saved = read_sysctl("kernel/task_delayacct");
	char dir[PATH_MAX], *names[MAX_TESTS], *slash;
	pid_t helpers[3];
	unsigned int tasks, untracked;
	ssize_t len;
	int n, i, err;

	ksft_print_header();
	if (!cmdline_has("delays.stress"))
		ksft_exit_skip("runs only with delays.stress on the kernel command line\n");
	if (saved < 0)
		ksft_exit_fail_msg("kernel.task_delayacct: cannot read\n");
	len = readlink("/proc/self/exe", dir, sizeof(dir) - 1);
	if (len <= 0)
		ksft_exit_fail_msg("/proc/self/exe: %s\n", strerror(errno));
	dir[len] = '\0';
	slash = strrchr(dir, '/');
	if (!slash)
		ksft_exit_fail_msg("%s: not a path\n", dir);
	*slash = '\0';
	n = find_tests(dir, slash + 1, names);
	if (n <= 0)
		ksft_exit_fail_msg("%s: no other delays-* test\n", dir);
	cnt = mmap(NULL, sizeof(*cnt), PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (cnt == MAP_FAILED)
		ksft_exit_fail_msg("mmap: %s\n", strerror(errno));
	ksft_set_plan(n + 2);

	helpers[0] = start(forker);
	helpers[1] = start(toggler);
	helpers[2] = start(reader);
	for (i = 0; i < n; i++) {
		char path[PATH_MAX + NAME_MAX + 2];
		uint64_t t0 = now_ns();
		bool stopped;
		int st;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		st = run_quiet(path, &stopped);
		swapoff_all();
		ksft_print_msg("%s: %s %d after %.1f s%s; %lu forks, %lu switches so far\n",
			       names[i], st >= 0 && WIFSIGNALED(st) ? "signal" : "exit",
			       st < 0 ? -1 : WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st),
			       (now_ns() - t0) / 1e9, stopped ? " (budget over)" : "",
			       cnt->forks, cnt->toggles);
		ksft_test_result(st >= 0 &&
				 ((WIFEXITED(st) && WEXITSTATUS(st) < 126) ||
				  (stopped && WIFSIGNALED(st) &&
				   WTERMSIG(st) == SIGKILL)),
				 "%s runs under churn without dying\n", names[i]);
	}
	for (i = 0; i < 3; i++) {
		if (helpers[i] > 0) {
			kill(helpers[i], SIGKILL);
			waitpid(helpers[i], NULL, 0);
		}
	}

	ksft_print_msg("%lu forks, %lu switches, %lu files read, %lu unexpected errors\n",
		       cnt->forks, cnt->toggles, cnt->reads, cnt->errors);
	ksft_test_result(helpers[0] > 0 && helpers[1] > 0 && helpers[2] > 0 &&
			 cnt->forks > 0 && cnt->toggles > 1 && cnt->reads > 0 &&
			 !cnt->errors,
			 "forks, switches and reads went on without errors\n");

	set_delayacct(true);
	err = scan_untracked(&tasks, &untracked);
	ksft_print_msg("after switch-on: %u task files, %u untracked\n",
		       tasks, untracked);
	ksft_test_result(!err && tasks > 0 && !untracked,
			 "every task is tracked once accounting is on\n");
	set_delayacct(saved);
	ksft_finished();
}
