// SPDX-License-Identifier: GPL-2.0
/*
 * reorder-probe-unwind - do kprobes and the unwinder work on reordered text?
 *
 * Moving functions changes nothing a kprobe or the ORC unwinder should
 * notice, but both depend on tables (ftrace call sites, kprobe
 * blacklists, .orc_unwind_ip) built from the text as linked.  So:
 *
 *  1. the functions used below lie between __reorder_text_start and
 *     __reorder_text_end, i.e. they were moved;
 *  2. a kprobe event on one of them (vfs_write) counts every write(2)
 *     this test makes (kprobe_profile's hit count);
 *  3. the kernel stack of a child blocked in read(2) on a pipe, as
 *     /proc/PID/stack unwinds it, goes from the scheduler through the
 *     listed pipe_read, vfs_read and ksys_read, in that order, down to
 *     the system call entry, its last frame.
 *
 * Needs root, tracefs and CONFIG_STACKTRACE.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest.h"

#define TRACEFS		"/sys/kernel/tracing"
#define WRITES		100

static unsigned long long reorder_start, reorder_end;

/* Address of a text symbol in /proc/kallsyms, 0 if not found. */
static unsigned long long ksym(const char *want)
{
	char line[512], name[256], type;
	unsigned long long addr, found = 0;
	FILE *f = fopen("/proc/kallsyms", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %255s", &addr, &type, name) == 3 &&
		    !strcmp(name, want)) {
			found = addr;
			break;
		}
	}
	fclose(f);
	return found;
}

static int listed(const char *name)
{
	unsigned long long a = ksym(name);

	return a && a >= reorder_start && a < reorder_end;
}

static int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_APPEND);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -1;
}

/* Hits of probe NAME in kprobe_profile, -1 if not there. */
static long probe_hits(const char *name)
{
	char line[512], ev[256];
	long hits = -1, h, m;
	FILE *f = fopen(TRACEFS "/kprobe_profile", "r");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%255s %ld %ld", ev, &h, &m) == 3 &&
		    !strcmp(ev, name))
			hits = h;
	fclose(f);
	return hits;
}

static void test_kprobe(void)
{
	long before, after;
	int fd, i;

	if (write_file(TRACEFS "/kprobe_events", "p:reorder/vfs_write vfs_write\n")) {
		ksft_test_result_fail("kprobe on listed vfs_write: cannot add event: %s\n",
				      strerror(errno));
		return;
	}
	if (write_file(TRACEFS "/events/reorder/vfs_write/enable", "1\n")) {
		ksft_test_result_fail("kprobe on listed vfs_write: cannot enable: %s\n",
				      strerror(errno));
		goto out;
	}
	before = probe_hits("vfs_write");
	fd = open("/dev/null", O_WRONLY);
	for (i = 0; i < WRITES; i++)
		if (write(fd, "x", 1) != 1)
			break;
	close(fd);
	after = probe_hits("vfs_write");
	write_file(TRACEFS "/events/reorder/vfs_write/enable", "0\n");
	ksft_print_msg("vfs_write probe: %ld hits before, %ld after %d writes\n",
		       before, after, i);
	ksft_test_result(before >= 0 && after - before >= WRITES,
			 "kprobe on listed vfs_write fires on every write(2)\n");
out:
	write_file(TRACEFS "/kprobe_events", "-:reorder/vfs_write\n");
}

/* The function name of a /proc/PID/stack line "[<0>] name+0x../0x..". */
static int frame_name(const char *line, char *name, size_t size)
{
	const char *p = strchr(line, ']');
	size_t n;

	if (!p)
		return -1;
	p++;
	while (*p == ' ')
		p++;
	n = strcspn(p, "\n +");
	if (!n || n >= size)
		return -1;
	memcpy(name, p, n);
	name[n] = '\0';
	return 0;
}

static void test_unwind(void)
{
	static const char * const want[] = {
		"pipe_read", "vfs_read", "ksys_read", "do_syscall_64",
		"entry_SYSCALL_64_after_hwframe",
	};
	char path[64], line[256], name[128], last[128] = "";
	int p[2], i, next = 0, frames = 0, moved = 0;
	pid_t pid;
	FILE *f;

	if (pipe(p)) {
		ksft_test_result_fail("unwind through reordered text: pipe: %s\n",
				      strerror(errno));
		return;
	}
	pid = fork();
	if (pid == 0) {
		char c;

		close(p[1]);
		_exit(read(p[0], &c, 1) == 1 ? 0 : 1);
	}
	close(p[0]);
	/* Wait until the child sleeps in pipe_read. */
	for (i = 0; i < 500; i++) {
		char st[256] = "";

		snprintf(path, sizeof(path), "/proc/%d/wchan", pid);
		f = fopen(path, "r");
		if (f) {
			if (!fgets(st, sizeof(st), f))
				st[0] = '\0';
			fclose(f);
		}
		if (!strcmp(st, "pipe_read"))
			break;
		usleep(10000);
	}
	snprintf(path, sizeof(path), "/proc/%d/stack", pid);
	f = fopen(path, "r");
	if (!f) {
		ksft_test_result_fail("unwind through reordered text: %s: %s\n",
				      path, strerror(errno));
		goto out;
	}
	while (fgets(line, sizeof(line), f)) {
		if (frame_name(line, name, sizeof(name)))
			continue;
		ksft_print_msg("child stack: %s%s\n", name,
			       listed(name) ? " (listed)" : "");
		frames++;
		moved += listed(name);
		if (next < (int)ARRAY_SIZE(want) &&
		    !strcmp(name, want[next]))
			next++;
		snprintf(last, sizeof(last), "%s", name);
	}
	fclose(f);
	ksft_print_msg("%d frames, %d in the listed text, %d of %zu expected in order, last %s\n",
		       frames, moved, next, ARRAY_SIZE(want), last);
	ksft_test_result(next == (int)ARRAY_SIZE(want) && moved >= 3 &&
			 !strcmp(last, want[next - 1]),
			 "stack of a task in pipe_read unwinds through listed text to the syscall entry\n");
out:
	close(p[1]);
	waitpid(pid, NULL, 0);
}

int main(void)
{
	static const char * const moved[] = {
		"vfs_write", "pipe_read", "vfs_read", "ksys_read",
	};
	struct stat st;
	unsigned int i, n = 0;

	ksft_print_header();
	ksft_set_plan(3);
	if (geteuid() != 0)
		ksft_exit_skip("needs root for kernel addresses and tracefs\n");

	reorder_start = ksym("__reorder_text_start");
	reorder_end = ksym("__reorder_text_end");
	if (!reorder_start || !reorder_end)
		ksft_exit_skip("not a CONFIG_FUNCTION_REORDER kernel\n");
	for (i = 0; i < ARRAY_SIZE(moved); i++) {
		if (listed(moved[i]))
			n++;
		else
			ksft_print_msg("%s is not in the listed text\n", moved[i]);
	}
	ksft_test_result(n == ARRAY_SIZE(moved),
			 "vfs_write, pipe_read, vfs_read, ksys_read are in the listed text\n");

	if (stat(TRACEFS "/kprobe_events", &st) &&
	    mount("tracefs", TRACEFS, "tracefs", 0, NULL))
		ksft_test_result_fail("kprobe on listed vfs_write: mount tracefs: %s\n",
				      strerror(errno));
	else
		test_kprobe();

	test_unwind();
	ksft_finished();
}
