// SPDX-License-Identifier: GPL-2.0
/*
 * Swap-in delay grows when a task's own pages were pushed out to swap and
 * it touches them again: swap on /dev/vdb, then a child in a memory
 * cgroup whose memory.max is smaller than what it writes reads every page
 * back.
 *
 * The cgroup, not the guest's free memory, decides what must go out: the
 * child's charge (its pages in memory and in the swap cache) never passes
 * memory.max, so after its writes at least ALLOC_BYTES - LIMIT_BYTES of
 * its region has been written to the swap device, and reading it back
 * must wait in swap_readpage(), which counts swap-in delay.  The test
 * asks for a count above zero, not one per page: how many of those reads
 * the task itself waits for depends on readahead and on which pages
 * reclaim took, and the count is printed for the record.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/swap.h>

#include "kselftest.h"
#include "delays_util.h"

#define SWAPDEV "/dev/vdb"
#define MIB (1024UL * 1024)
/* qemu/init mounts the cgroup2 hierarchy where systemd would */
#define CGROUP2 "/sys/fs/cgroup"
#define GROUP CGROUP2 "/delays-swapin"

/* well within the guest's 64 MiB swap, so the OOM killer stays away */
#define ALLOC_BYTES (40 * MIB)
#define LIMIT_BYTES (16 * MIB)

static void thrash(void *arg)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t i, n = ALLOC_BYTES / page;
	char *mem;

	(void)arg;
	mem = mmap(NULL, ALLOC_BYTES, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		_exit(2);
	for (i = 0; i < n; i++)
		*(size_t *)(mem + i * page) = i;
	for (i = 0; i < n; i++) {
		if (*(size_t *)(mem + i * page) != i)
			_exit(3);	/* swap lost our data */
	}
}

/* @val into the cgroup file @path; 0 or -errno, said with both */
static int cg_write(const char *path, const char *val)
{
	int err = write_text(path, val);

	if (err)
		ksft_print_msg("%s: %s: %s\n", path, val, strerror(-err));
	return err;
}

/* The memory cgroup GROUP with memory.max LIMIT_BYTES; 0 or -errno */
static int make_group(void)
{
	char limit[32];
	int err;

	if (access(CGROUP2 "/cgroup.controllers", R_OK)) {
		err = -errno;
		ksft_print_msg("%s: no cgroup2 hierarchy: %s\n", CGROUP2,
			       strerror(errno));
		return err;
	}
	err = cg_write(CGROUP2 "/cgroup.subtree_control", "+memory");
	if (err)
		return err;
	if (mkdir(GROUP, 0755) && errno != EEXIST) {
		err = -errno;
		ksft_print_msg("mkdir %s: %s\n", GROUP, strerror(errno));
		return err;
	}
	snprintf(limit, sizeof(limit), "%lu", LIMIT_BYTES);
	return cg_write(GROUP "/memory.max", limit);
}

/* The child's pid into GROUP, before it touches its region */
static int join_group(pid_t pid)
{
	char val[16];

	snprintf(val, sizeof(val), "%d", pid);
	return cg_write(GROUP "/cgroup.procs", val);
}

/* memory.events (max, oom, oom_kill) when the child did not finish */
static void print_events(void)
{
	char line[128];
	FILE *f = fopen(GROUP "/memory.events", "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		ksft_print_msg("memory.events: %s", line);
	fclose(f);
}

int main(void)
{
	char out[512];
	char *const mkswap[] = { "/bin/busybox", "mkswap", SWAPDEV, NULL };
	struct child c = { 0 };
	struct delays d = { 0 };
	int err;

	ksft_print_header();
	if (access(SWAPDEV, R_OK | W_OK))
		ksft_exit_skip("%s: %s\n", SWAPDEV, strerror(errno));
	ksft_set_plan(5);

	err = run_capture(mkswap, 0, 0, out, sizeof(out));
	if (err)
		print_diag_lines("mkswap", out);
	err = err ?: swapon(SWAPDEV, 0);
	ksft_test_result(!err, "swap on %s\n", SWAPDEV);
	if (err)
		ksft_exit_fail_msg("no swap: %s\n", strerror(errno));

	err = make_group();
	ksft_test_result(!err, "memory cgroup %s, memory.max %lu MiB\n",
			 GROUP, LIMIT_BYTES / MIB);

	set_delayacct(true);
	err = err ?: fork_child(&c, thrash, NULL);
	err = err ?: join_group(c.pid);
	if (!err) {
		start_child(&c);
		err = wait_stopped(&c);
		if (err)
			print_events();
	}
	ksft_test_result(!err, "child wrote and read back %lu MiB intact\n",
			 ALLOC_BYTES / MIB);
	err = err ?: read_delays(c.pid, 0, &d);
	ksft_print_msg("swapin count %llu total %llu ns, %lu MiB beyond memory.max\n",
		       (unsigned long long)d.count[D_SWAPIN],
		       (unsigned long long)d.total[D_SWAPIN],
		       (ALLOC_BYTES - LIMIT_BYTES) / MIB);
	ksft_test_result(!err && d.count[D_SWAPIN] > 0,
			 "swapin count grows when pages beyond memory.max are read back\n");
	ksft_test_result(!err && d.total[D_SWAPIN] > 0,
			 "swapin total grows when swapped pages are touched\n");
	kill_child(&c);
	if (rmdir(GROUP))
		ksft_print_msg("rmdir %s: %s\n", GROUP, strerror(errno));
	if (swapoff(SWAPDEV))
		ksft_print_msg("swapoff: %s\n", strerror(errno));
	ksft_finished();
}
