// SPDX-License-Identifier: GPL-2.0
/*
 * workload - drive one class of kernel work for a while, for profiling
 *
 * Usage: workload CLASS SECONDS [DISK]
 *
 * Runs in the QEMU guest under the kernel-fetch plugin (qemu/plugin),
 * which counts the kernel's instructions.  Each class loops on one kind
 * of system call traffic until SECONDS have passed, so that every
 * profile covers the same (emulated) time.  Right before the loop and
 * right after it the workload executes the plugin's region mark, so the
 * profile of the run holds the loop and nothing of the start-up.  Files are made in /tmp (a tmpfs); the "disk"
 * class reads and writes the block device DISK (default /dev/vda).
 *
 * Classes: fork, exec, tmpfs, disk, pipe, unix, signal, stat, mixed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define __aligned(x)	__attribute__((aligned(x)))
#define BUF_SIZE	(64 * 1024)
#define DISK_SPAN	(32 * 1024 * 1024)

static const char *disk = "/dev/vda";
static char buf[BUF_SIZE] __aligned(4096);
static unsigned long iterations;

static void die(const char *what)
{
	fprintf(stderr, "workload: %s: %s\n", what, strerror(errno));
	exit(1);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Process creation and exit: fork, the child exits, the parent reaps. */
static void do_fork(void)
{
	pid_t pid = fork();

	if (pid < 0)
		die("fork");
	if (pid == 0)
		_exit(0);
	if (waitpid(pid, NULL, 0) < 0)
		die("waitpid");
}

/* fork + execve of a static binary: ELF loading and mm teardown. */
static void do_exec(void)
{
	pid_t pid = fork();

	if (pid < 0)
		die("fork");
	if (pid == 0) {
		execl("/bin/busybox", "true", (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, NULL, 0) < 0)
		die("waitpid");
}

/* Create, write, read back and remove a file on tmpfs. */
static void do_tmpfs(void)
{
	char path[256];
	int fd, i;

	snprintf(path, sizeof(path), "/tmp/wl.%lu", iterations % 8);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		die(path);
	for (i = 0; i < 16; i++)
		if (write(fd, buf, 4096) != 4096)
			die("write");
	if (lseek(fd, 0, SEEK_SET) < 0)
		die("lseek");
	while (read(fd, buf, BUF_SIZE) > 0)
		;
	close(fd);
	if (unlink(path) < 0)
		die("unlink");
}

/* Block I/O on the virtio disk: buffered and O_DIRECT, with fsync. */
static void do_disk(void)
{
	static int fd = -1, dfd = -1;
	off_t off = (off_t)(iterations * 4096 * 7) % DISK_SPAN;

	if (fd < 0) {
		fd = open(disk, O_RDWR);
		dfd = open(disk, O_RDWR | O_DIRECT);
		if (fd < 0 || dfd < 0)
			die(disk);
	}
	if (pwrite(fd, buf, 4096, off) != 4096)
		die("pwrite");
	if (iterations % 16 == 0 && fsync(fd) < 0)
		die("fsync");
	if (pread(dfd, buf, 4096, (off + DISK_SPAN / 2) % DISK_SPAN) != 4096)
		die("pread O_DIRECT");
	if (pread(fd, buf, 4096, off) != 4096)
		die("pread");
}

/* Ping-pong one byte between two processes over a pair of fds. */
static void ping_pong(int a[2], int b[2], int rounds)
{
	pid_t pid;
	char c = 'x';
	int i;

	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		for (i = 0; i < rounds; i++) {
			if (read(a[0], &c, 1) != 1 || write(b[1], &c, 1) != 1)
				_exit(1);
		}
		_exit(0);
	}
	for (i = 0; i < rounds; i++) {
		if (write(a[1], &c, 1) != 1 || read(b[0], &c, 1) != 1)
			die("ping-pong");
	}
	waitpid(pid, NULL, 0);
}

static void do_pipe(void)
{
	int a[2], b[2];

	if (pipe(a) < 0 || pipe(b) < 0)
		die("pipe");
	ping_pong(a, b, 200);
	close(a[0]);
	close(a[1]);
	close(b[0]);
	close(b[1]);
}

/* Unix stream sockets: each end of a socketpair is both fds. */
static void do_unix(void)
{
	int sv[2], a[2], b[2];

	if (socketpair(AF_UNIX, iterations & 1 ? SOCK_DGRAM : SOCK_STREAM,
		       0, sv) < 0)
		die("socketpair");
	a[0] = sv[1];
	a[1] = sv[0];
	b[0] = sv[0];
	b[1] = sv[1];
	ping_pong(a, b, 200);
	close(sv[0]);
	close(sv[1]);
}

/* Delivery is what is measured; the handler has nothing to do. */
static void on_signal(int sig)
{
	(void)sig;
}

/* Signal delivery to self and to a child, handler install, masks. */
static void do_signal(void)
{
	struct sigaction sa;
	sigset_t set, old;
	pid_t pid;
	int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	if (sigaction(SIGUSR1, &sa, NULL) < 0)
		die("sigaction");
	for (i = 0; i < 100; i++)
		kill(getpid(), SIGUSR1);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	for (i = 0; i < 50; i++) {
		sigprocmask(SIG_BLOCK, &set, &old);
		kill(getpid(), SIGUSR1);
		sigprocmask(SIG_SETMASK, &old, NULL);
	}
	pid = fork();
	if (pid < 0)
		die("fork");
	if (pid == 0) {
		pause();
		_exit(0);
	}
	kill(pid, SIGTERM);
	waitpid(pid, NULL, 0);
}

/* Path walks: stat, open and close of files that exist and do not. */
static void do_stat(void)
{
	static const char * const paths[] = {
		"/bin/busybox", "/proc/self/status", "/dev/null", "/tmp",
		"/no/such/file", "/proc/meminfo", "/sys/kernel",
	};
	struct stat st;
	unsigned int i;
	int fd;

	for (i = 0; i < ARRAY_SIZE(paths); i++) {
		stat(paths[i], &st);
		lstat(paths[i], &st);
		fd = open(paths[i], O_RDONLY);
		if (fd >= 0) {
			fstat(fd, &st);
			close(fd);
		}
	}
}

struct wclass {
	const char *name;
	void (*run)(void);
};

static const struct wclass classes[] = {
	{ "fork", do_fork },
	{ "exec", do_exec },
	{ "tmpfs", do_tmpfs },
	{ "disk", do_disk },
	{ "pipe", do_pipe },
	{ "unix", do_unix },
	{ "signal", do_signal },
	{ "stat", do_stat },
};

#define NCLASSES ARRAY_SIZE(classes)

/*
 * All classes in turn, MIX_SLICE seconds each, so that each class gets
 * the same share of time as in the one-class training runs (which all
 * last equally long).  Rotating per iteration instead would weigh the
 * classes by the cost of one iteration: one exec is worth hundreds of
 * pipe round trips.
 */
#define MIX_SLICE	0.2

static void do_mixed(void)
{
	static unsigned int cur = NCLASSES - 1;
	static double slice_end;
	double t = now();

	if (t >= slice_end) {
		cur = (cur + 1) % NCLASSES;
		slice_end = t + MIX_SLICE;
	}
	classes[cur].run();
}

/*
 * The kernel-fetch plugin's region mark, the Bochs and Simics magic
 * breakpoint: a no-op anywhere else.
 */
static void mark_region(void)
{
	__asm__ __volatile__("xchg %%bx, %%bx" ::: "memory");
}

int main(int argc, char **argv)
{
	void (*run)(void) = NULL;
	double end, secs;
	char *endp;
	unsigned int i;

	if (argc < 3 || argc > 4) {
		fprintf(stderr, "usage: workload CLASS SECONDS [DISK]\n");
		return 2;
	}
	for (i = 0; i < NCLASSES; i++)
		if (!strcmp(argv[1], classes[i].name))
			run = classes[i].run;
	if (!strcmp(argv[1], "mixed"))
		run = do_mixed;
	if (!run) {
		fprintf(stderr, "workload: unknown class '%s'\n", argv[1]);
		return 2;
	}
	secs = strtod(argv[2], &endp);
	if (*endp || secs <= 0) {
		fprintf(stderr, "workload: bad duration '%s'\n", argv[2]);
		return 2;
	}
	if (argc == 4)
		disk = argv[3];
	memset(buf, 0x5a, sizeof(buf));
	mark_region();
	end = now() + secs;
	while (now() < end) {
		run();
		iterations++;
	}
	mark_region();
	printf("%s %lu\n", argv[1], iterations);
	return 0;
}
