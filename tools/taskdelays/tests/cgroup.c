// SPDX-License-Identifier: GPL-2.0
/*
 * -C DIR: the tasks of a cgroup by state through CGROUPSTATS.  A cgroup
 * v1 hierarchy with no controller (name=) is mounted here, a running, a
 * sleeping and a stopped process are moved into a child cgroup, and the
 * client's counts in text, -r, -J, -T and -T -J (as root and as nobody:
 * CGROUPSTATS needs no capability) must equal the states /proc shows
 * for the pids in its "tasks" file.  A cgroup2 directory, a file, a
 * directory of another filesystem and a missing path are refused naming
 * what they are, and so is any path on a kernel without cgroups.  On
 * the build host only the refusals run: it mounts nothing there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"

static char out[65536];

struct counts {
	unsigned long running, sleeping, stopped, uninterruptible, io_wait;
};

static int run(char *const argv[], uid_t uid)
{
	int rc = run_capture(argv, uid, uid, out, sizeof(out));

	if (rc < 0)
		ksft_print_msg("cannot start %s\n", argv[0]);
	return rc;
}

/* The states /proc shows for the pids in @dir/tasks */
static int proc_counts(const char *dir, struct counts *c)
{
	char path[400], line[512];
	FILE *f, *st;
	int pid;

	memset(c, 0, sizeof(*c));
	snprintf(path, sizeof(path), "%s/tasks", dir);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fscanf(f, "%d", &pid) == 1) {
		char *p;

		snprintf(path, sizeof(path), "/proc/%d/stat", pid);
		st = fopen(path, "r");
		if (!st || !fgets(line, sizeof(line), st)) {
			if (st)
				fclose(st);
			continue;
		}
		fclose(st);
		p = strrchr(line, ')');
		switch (p && p[1] ? p[2] : '?') {
		case 'R':
			c->running++;
			break;
		case 'S':
			c->sleeping++;
			break;
		case 'T':
			c->stopped++;
			break;
		case 'D':
			c->uninterruptible++;
			break;
		}
	}
	fclose(f);
	return 0;
}

static bool same(const struct counts *a, const struct counts *b)
{
	return a->running == b->running && a->sleeping == b->sleeping &&
	       a->stopped == b->stopped &&
	       a->uninterruptible == b->uninterruptible;
}

/* "cgroup DIR: running N, sleeping N, ..." in @text */
static bool text_counts(const char *text, const char *dir, struct counts *c)
{
	char want[300];
	const char *p;

	snprintf(want, sizeof(want), "cgroup %s: running ", dir);
	p = strstr(text, want);
	return p && sscanf(p + strlen(want) - strlen("running "),
			   "running %lu, sleeping %lu, stopped %lu, uninterruptible %lu, io_wait %lu",
			   &c->running, &c->sleeping, &c->stopped,
			   &c->uninterruptible, &c->io_wait) == 5;
}

static bool json_u(const char *text, const char *key, unsigned long *v)
{
	char want[64];
	const char *p;

	snprintf(want, sizeof(want), "\"%s\":", key);
	p = strstr(text, want);
	return p && sscanf(p + strlen(want), "%lu", v) == 1;
}

static bool json_counts(const char *text, struct counts *c)
{
	return json_u(text, "nr_running", &c->running) &&
	       json_u(text, "nr_sleeping", &c->sleeping) &&
	       json_u(text, "nr_stopped", &c->stopped) &&
	       json_u(text, "nr_uninterruptible", &c->uninterruptible) &&
	       json_u(text, "nr_io_wait", &c->io_wait);
}

static bool raw_counts(const char *text, struct counts *c)
{
	return sscanf(text, "nr_running: %lu\nnr_sleeping: %lu\nnr_stopped: %lu\nnr_uninterruptible: %lu\nnr_io_wait: %lu",
		      &c->running, &c->sleeping, &c->stopped,
		      &c->uninterruptible, &c->io_wait) == 5;
}

static void diag_counts(const char *what, const struct counts *c)
{
	ksft_print_msg("%s: running %lu sleeping %lu stopped %lu uninterruptible %lu io_wait %lu\n",
		       what, c->running, c->sleeping, c->stopped,
		       c->uninterruptible, c->io_wait);
}

/* Refused with status 1 and a message saying what the path is */
static void test_refused(const char *cgroup2)
{
	struct {
		const char *path, *msg;
	} cases[] = {
		{ "/proc", "not a cgroup directory" },
		{ "/proc/self/stat", "not a directory" },
		{ "/nonexistent/cgroup", "No such file or directory" },
		{ cgroup2, "a cgroup v2 directory; CGROUPSTATS counts only the directories of a cgroup v1 hierarchy" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char *const argv[] = { td_client(), "-C", (char *)cases[i].path, NULL };
		int rc;

		if (!cases[i].path) {
			ksft_test_result_skip("-C of a cgroup2 directory: none mounted\n");
			continue;
		}
		rc = run(argv, 0);
		if (rc != 1 || !strstr(out, cases[i].msg))
			print_diag_lines("taskdelays -C", out);
		ksft_test_result(rc == 1 && strstr(out, cases[i].msg),
				 "-C %s is refused: %s\n", cases[i].path,
				 cases[i].msg);
	}
	{
		char *const argv[] = { td_client(), "-C", "/proc", "-i", "500", NULL };
		int rc = run(argv, 0);

		ksft_test_result(rc == 2 && strstr(out, "-i does not apply to -C"),
				 "-C refuses -i, which applies to -T only\n");
	}
}

/* A cgroup2 mount point: the host's, or one made in the guest */
static const char *cgroup2_dir(const char *base)
{
	static char dir[300];
	char line[512], mnt[256], type[64];
	FILE *f;

	if (!td_on_host()) {
		snprintf(dir, sizeof(dir), "%s/v2", base);
		if (mkdir(dir, 0755) ||
		    mount("none", dir, "cgroup2", 0, NULL)) {
			ksft_print_msg("mount cgroup2 on %s: %s\n", dir,
				       strerror(errno));
			return NULL;
		}
		return dir;
	}
	f = fopen("/proc/mounts", "r");
	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%*s %255s %63s", mnt, type) == 2 &&
		    !strcmp(type, "cgroup2")) {
			snprintf(dir, sizeof(dir), "%s", mnt);
			fclose(f);
			return dir;
		}
	if (f)
		fclose(f);
	return NULL;
}

/* Whether the kernel has filesystem @fs */
static bool have_fs(const char *fs)
{
	char line[128], name[64];
	bool found = false;
	FILE *f = fopen("/proc/filesystems", "r");

	while (f && !found && fgets(line, sizeof(line), f))
		found = sscanf(line, "nodev %63s", name) == 1 &&
			!strcmp(name, fs);
	if (f)
		fclose(f);
	return found;
}

/* A kernel without CONFIG_CGROUPS: -C says so, the counts are skipped */
static void test_no_cgroups(void)
{
	char *const argv[] = { td_client(), "-C", "/tmp", NULL };
	int rc = run(argv, 0), i;
	bool ok = rc == 1 &&
		  strstr(out, "this kernel has no cgroup filesystem (CONFIG_CGROUPS)");

	if (!ok)
		print_diag_lines("taskdelays -C without cgroups", out);
	ksft_test_result(ok, "without CONFIG_CGROUPS, -C says the kernel has none\n");
	for (i = 0; i < 6; i++)
		ksft_test_result_skip("the counts of -C: no CONFIG_CGROUPS\n");
}

static pid_t start(int how)
{
	pid_t pid = fork();

	if (pid)
		return pid;
	if (how == 'R')
		for (;;)
			spin_ms(1000);
	for (;;)
		pause();
}

static void put_pid(const char *dir, pid_t pid)
{
	char path[400], val[16];
	FILE *f;

	snprintf(path, sizeof(path), "%s/cgroup.procs", dir);
	snprintf(val, sizeof(val), "%d\n", pid);
	f = fopen(path, "w");
	if (!f || fputs(val, f) < 0 || fclose(f))
		ksft_exit_fail_msg("%s: cannot write %d: %s\n", path, pid,
				   strerror(errno));
}

static void test_counts(const char *grp)
{
	struct counts want = { .running = 1, .sleeping = 1, .stopped = 1 };
	struct counts proc, got;
	char *const text[] = { td_client(), "-C", (char *)grp, NULL };
	char *const raw[] = { td_client(), "-C", (char *)grp, "-r", NULL };
	char *const json[] = { td_client(), "-C", (char *)grp, "-J", NULL };
	char *const top[] = { td_client(), "-T", "-C", (char *)grp, "-n", "1", "-i",
			"200", NULL };
	char *const topj[] = { td_client(), "-T", "-J", "-C", (char *)grp, "-n", "1",
			 "-i", "200", NULL };
	uint64_t t0 = now_ns();
	bool ok;
	int rc;

	/* the states settle: the stop is delivered, the sleeper sleeps */
	while ((proc_counts(grp, &proc) || !same(&proc, &want)) &&
	       now_ns() - t0 < 3000000000ULL)
		usleep(50000);
	diag_counts("/proc", &proc);
	ksft_test_result(same(&proc, &want),
			 "/proc shows one running, one sleeping, one stopped task in the cgroup\n");

	rc = run(text, 0);
	ok = !rc && text_counts(out, grp, &got) && same(&got, &proc);
	if (!ok)
		print_diag_lines("taskdelays -C", out);
	ksft_test_result(ok, "-C: the counts /proc shows\n");

	rc = run(raw, 0);
	ok = !rc && raw_counts(out, &got) && same(&got, &proc);
	if (!ok)
		print_diag_lines("taskdelays -C -r", out);
	ksft_test_result(ok, "-C -r: nr_<state> lines with the same counts\n");

	rc = run(json, 0);
	ok = !rc && out[0] == '{' && json_counts(out, &got) && same(&got, &proc);
	if (!ok)
		print_diag_lines("taskdelays -C -J", out);
	ksft_test_result(ok, "-C -J: one object with the same counts\n");

	rc = run(text, 65534);
	ok = !rc && text_counts(out, grp, &got) && same(&got, &proc);
	if (!ok)
		print_diag_lines("taskdelays -C as nobody", out);
	ksft_test_result(ok, "-C as nobody: CGROUPSTATS needs no capability\n");

	rc = run(top, 0);
	ok = !rc && text_counts(out, grp, &got) && same(&got, &proc) &&
	     strstr(out, " COMM ");
	if (!ok)
		print_diag_lines("taskdelays -T -C", out);
	ksft_test_result(ok, "-T -C: the cgroup's counts in the head of the round\n");

	rc = run(topj, 0);
	ok = !rc && strstr(out, "\"cgroup\":{\"path\":") &&
	     json_counts(strstr(out, "\"cgroup\":"), &got) && same(&got, &proc);
	if (!ok)
		print_diag_lines("taskdelays -T -J -C", out);
	ksft_test_result(ok, "-T -J -C: a cgroup object in the round's\n");
	diag_counts("taskdelays", &got);
}

int main(void)
{
	char base[] = "/tmp/td-cgroup.XXXXXX", v1[300], grp[320];
	pid_t pid[3];
	int i;

	ksft_print_header();
	ksft_set_plan(td_on_host() ? 5 : 12);
	if (td_on_host()) {
		test_refused(cgroup2_dir(NULL));
		ksft_finished();
	}
	if (!have_fs("cgroup")) {
		test_no_cgroups();
		test_refused(NULL);
		ksft_finished();
	}
	mkdir("/tmp", 01777);
	/* nobody's -C must reach the cgroup: mkdtemp() makes it 0700 */
	if (!mkdtemp(base) || chmod(base, 0755))
		ksft_exit_fail_msg("mkdtemp: %s\n", strerror(errno));
	snprintf(v1, sizeof(v1), "%s/v1", base);
	snprintf(grp, sizeof(grp), "%s/grp", v1);
	if (mkdir(v1, 0755) ||
	    mount("taskdelays", v1, "cgroup", 0, "none,name=taskdelays") ||
	    mkdir(grp, 0755))
		ksft_exit_fail_msg("a cgroup v1 hierarchy on %s: %s (CONFIG_CGROUPS?)\n",
				   v1, strerror(errno));
	pid[0] = start('R');
	pid[1] = start('S');
	pid[2] = start('T');
	kill(pid[2], SIGSTOP);
	for (i = 0; i < 3; i++)
		put_pid(grp, pid[i]);
	test_counts(grp);
	test_refused(cgroup2_dir(base));
	for (i = 0; i < 3; i++) {
		kill(pid[i], SIGKILL);
		waitpid(pid[i], NULL, 0);
	}
	rmdir(grp);
	umount(v1);
	ksft_finished();
}
