// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers of the delay accounting guest tests, the patches'
 * (handwritten/delays/tests) and the client's (tools/taskdelays/tests)
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "delays_util.h"

const char *const d_names[D_NR] = {
	"cpu", "blkio", "swapin", "freepages", "thrashing", "compact", "wpcopy",
};

static int bad_line(const char *path, int line, const char *text)
{
	printf("# %s:%d: unexpected line '%s'\n", path, line, text);
	return -EPROTO;
}

int read_delays(pid_t pid, pid_t tid, struct delays *d)
{
	unsigned int seen = 0, want = (1u << (D_NR + 2)) - 1;
	char path[64], buf[128];
	int line = 0, err = 0;
	FILE *f;

	if (tid)
		snprintf(path, sizeof(path), "/proc/%d/task/%d/delays", pid, tid);
	else
		snprintf(path, sizeof(path), "/proc/%d/delays", pid);
	memset(d, 0, sizeof(*d));
	f = fopen(path, "r");
	if (!f)
		return -errno;
	while (fgets(buf, sizeof(buf), f)) {
		char key[32], val[16];
		unsigned long long a, b;
		int i;

		line++;
		buf[strcspn(buf, "\n")] = '\0';
		if (sscanf(buf, "delayacct: %15s", val) == 1) {
			if (strcmp(val, "on") && strcmp(val, "off")) {
				err = bad_line(path, line, buf);
				break;
			}
			d->on = !strcmp(val, "on");
			seen |= 1u << D_NR;
			continue;
		}
		if (sscanf(buf, "untracked: %llu", &a) == 1) {
			d->untracked = a;
			seen |= 1u << (D_NR + 1);
			continue;
		}
		if (sscanf(buf, "%31[a-z]: %llu %llu", key, &a, &b) != 3) {
			err = bad_line(path, line, buf);
			break;
		}
		for (i = 0; i < D_NR; i++) {
			if (!strcmp(key, d_names[i])) {
				d->count[i] = a;
				d->total[i] = b;
				seen |= 1u << i;
			}
		}
		/* unknown keys are allowed: the format may grow */
	}
	if (ferror(f))
		err = -errno;
	fclose(f);
	if (!err && seen != want) {
		printf("# %s: missing keys (seen mask %#x)\n", path, seen);
		err = -EPROTO;
	}
	return err;
}

int write_text(const char *path, const char *val)
{
	int fd, err = 0;

	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	if (write(fd, val, strlen(val)) < 0)
		err = -errno;
	close(fd);
	return err;
}

int write_sysctl(const char *name, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), "/proc/sys/%s", name);
	return write_text(path, val);
}

long read_sysctl(const char *name)
{
	char path[128];
	long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/sys/%s", name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%ld", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

void set_delayacct(bool on)
{
	int err = write_sysctl("kernel/task_delayacct", on ? "1" : "0");

	if (err) {
		printf("# kernel/task_delayacct: %s\n", strerror(-err));
		printf("Bail out! cannot switch delay accounting\n");
		exit(1);
	}
}

uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

void spin_ms(unsigned int ms)
{
	uint64_t end = now_ns() + ms * 1000000ULL;

	/* the clock call in the loop cannot be optimised away */
	while (now_ns() < end)
		;
}

pid_t fork_pipe(int *fd, bool up)
{
	bool writer;
	int p[2], err;
	pid_t pid;

	if (pipe(p))
		return -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		err = errno;
		close(p[0]);
		close(p[1]);
		errno = err;
		return -1;
	}
	writer = (pid == 0) == up;
	close(p[writer ? 0 : 1]);
	*fd = p[writer ? 1 : 0];
	return pid;
}

int fork_child(struct child *c, void (*fn)(void *arg), void *arg)
{
	int fd;
	char b;

	c->pid = fork_pipe(&fd, false);
	if (c->pid < 0)
		return -errno;
	if (c->pid == 0) {
		if (read(fd, &b, 1) != 1)
			_exit(1);
		fn(arg);
		raise(SIGSTOP);
		_exit(0);
	}
	c->go_fd = fd;
	return 0;
}

void start_child(struct child *c)
{
	if (write(c->go_fd, "g", 1) != 1)
		printf("# cannot start child %d: %s\n", c->pid, strerror(errno));
	close(c->go_fd);
	c->go_fd = -1;
}

int wait_stopped(struct child *c)
{
	int status;

	if (waitpid(c->pid, &status, WUNTRACED) != c->pid)
		return -1;
	if (WIFSTOPPED(status))
		return 0;
	printf("# child %d ended with status %#x before stopping\n", c->pid,
	       status);
	c->pid = 0;
	return -1;
}

void kill_child(struct child *c)
{
	if (c->pid <= 0)
		return;
	kill(c->pid, SIGKILL);
	waitpid(c->pid, NULL, 0);
	c->pid = 0;
}

int delays_of_child(void (*fn)(void *arg), struct delays *d)
{
	struct child c = { 0 };
	int err;

	err = fork_child(&c, fn, NULL);
	if (!err) {
		start_child(&c);
		err = wait_stopped(&c);
	}
	err = err ?: read_delays(c.pid, 0, d);
	kill_child(&c);
	return err;
}

bool cmdline_has(const char *word)
{
	char buf[4096], *tok, *save;
	FILE *f = fopen("/proc/cmdline", "r");
	bool found = false;

	if (!f)
		return false;
	if (fgets(buf, sizeof(buf), f)) {
		static const char sep[] = "\n ";

		for (tok = strtok_r(buf, sep, &save); tok;
		     tok = strtok_r(NULL, sep, &save))
			found |= !strcmp(tok, word);
	}
	fclose(f);
	return found;
}

pid_t spawn_piped(char *const argv[], uid_t uid, gid_t gid, int *fd)
{
	pid_t pid = fork_pipe(fd, true);

	if (pid == 0) {
		dup2(*fd, 1);
		dup2(*fd, 2);
		close(*fd);
		if (uid && (setgroups(0, NULL) || setgid(gid) || setuid(uid)))
			_exit(126);
		execv(argv[0], argv);
		_exit(127);
	}
	return pid;
}

int run_capture(char *const argv[], uid_t uid, gid_t gid, char *out,
		size_t len)
{
	size_t got = 0;
	int fd, status;
	ssize_t n;
	pid_t pid;

	pid = spawn_piped(argv, uid, gid, &fd);
	if (pid < 0)
		return -1;
	for (;;) {
		char scratch[256];

		/* keep draining past @len so the child never blocks */
		if (got + 1 < len)
			n = read(fd, out + got, len - got - 1);
		else
			n = read(fd, scratch, sizeof(scratch));
		if (n <= 0)
			break;
		if (got + 1 < len)
			got += n;
	}
	out[got] = '\0';
	close(fd);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return -1;
	return WEXITSTATUS(status);
}

bool can_run_as(const char *path, uid_t uid, gid_t gid, char *dir,
		size_t len)
{
	int fd, status;
	ssize_t n;
	pid_t pid;

	pid = fork_pipe(&fd, true);
	if (pid < 0) {
		snprintf(dir, len, "%s (fork: %s)", path, strerror(errno));
		return false;
	}
	if (pid == 0) {
		char way[4096], *p;

		if (setgroups(0, NULL) || setgid(gid) || setuid(uid))
			_exit(2);
		if (!access(path, X_OK))
			_exit(0);
		snprintf(way, sizeof(way), "%s", path);
		for (p = strchr(way + 1, '/'); p; p = strchr(p + 1, '/')) {
			*p = '\0';
			if (access(way, X_OK))
				break;
			*p = '/';
		}
		if (write(fd, way, strlen(way)) < 0)
			_exit(2);
		_exit(1);
	}
	n = read(fd, dir, len - 1);
	dir[n > 0 ? n : 0] = '\0';
	close(fd);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return false;
	if (WEXITSTATUS(status) == 2)
		snprintf(dir, len, "%s (cannot drop to uid %u)", path,
			 (unsigned int)uid);
	return WEXITSTATUS(status) == 0;
}

void print_diag_lines(const char *what, const char *out)
{
	const char *p = out, *nl;

	while (*p) {
		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p);
		printf("# %s: %.*s\n", what, (int)(nl - p), p);
		p = *nl ? nl + 1 : nl;
	}
}

int parse_client_delays(const char *out, struct delays *d)
{
	unsigned int seen = 0;
	const char *line, *nl;
	int i;

	memset(d, 0, sizeof(*d));
	for (line = out; *line; line = *nl ? nl + 1 : nl) {
		nl = strchr(line, '\n');
		if (!nl)
			nl = line + strlen(line);
		for (i = 0; i < D_NR; i++) {
			size_t n = strlen(d_names[i]);
			unsigned long long a, b;

			if (seen & 1u << i || strncmp(line, d_names[i], n) ||
			    line[n] != ':' ||
			    sscanf(line + n + 1, "%llu %llu", &a, &b) != 2)
				continue;
			d->count[i] = a;
			d->total[i] = b;
			seen |= 1u << i;
		}
	}
	return seen == (1u << D_NR) - 1 ? 0 : -1;
}

int client_delays(const char *client, const char *flag, pid_t pid,
		  struct delays *d)
{
	char out[4096], arg[16], what[64];
	char *const argv[] = { (char *)client, "-r", (char *)flag, arg, NULL };
	int rc;

	snprintf(arg, sizeof(arg), "%d", pid);
	rc = run_capture(argv, 0, 0, out, sizeof(out));
	if (!rc && !parse_client_delays(out, d))
		return 0;
	snprintf(what, sizeof(what), "taskdelays -r %s", flag);
	print_diag_lines(what, out);
	return -1;
}

bool delays_equal(const struct delays *a, const char *an,
		  const struct delays *b, const char *bn)
{
	bool same = true;
	int i;

	for (i = 0; i < D_NR; i++) {
		if (a->count[i] == b->count[i] && a->total[i] == b->total[i])
			continue;
		printf("# %s: %s %llu %llu, %s %llu %llu\n", d_names[i],
		       an, (unsigned long long)a->count[i],
		       (unsigned long long)a->total[i],
		       bn, (unsigned long long)b->count[i],
		       (unsigned long long)b->total[i]);
		same = false;
	}
	return same;
}

long meminfo_kb(const char *key)
{
	char line[128];
	long v = -1;
	FILE *f = fopen("/proc/meminfo", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, key, strlen(key)) &&
		    line[strlen(key)] == ':') {
			if (sscanf(line + strlen(key) + 1, "%ld", &v) != 1)
				v = -1;
			break;
		}
	}
	fclose(f);
	return v;
}

/*
 * Read every task's delays file; count the tasks and those untracked.
 * A task forked during the switch may be read between its attach and
 * its storage (microseconds): read it again a moment later before
 * calling it untracked.  Files that vanish are tasks that exited.
 */
int scan_untracked(unsigned int *tasks, unsigned int *untracked)
{
	DIR *proc = opendir("/proc");
	struct dirent *p;

	*tasks = *untracked = 0;
	if (!proc)
		return -1;
	while ((p = readdir(proc))) {
		pid_t pid = atoi(p->d_name);
		char path[64];
		struct dirent *t;
		DIR *task;

		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/task", pid);
		task = opendir(path);
		if (!task)
			continue;
		while ((t = readdir(task))) {
			pid_t tid = atoi(t->d_name);
			struct delays d;

			if (tid <= 0 || read_delays(pid, tid, &d))
				continue;
			(*tasks)++;
			if (!d.untracked)
				continue;
			usleep(20000);
			if (!read_delays(pid, tid, &d) && d.untracked) {
				printf("# task %d/%d untracked after switch-on\n",
				       pid, tid);
				(*untracked)++;
			}
		}
		closedir(task);
	}
	closedir(proc);
	return 0;
}
