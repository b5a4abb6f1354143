// SPDX-License-Identifier: GPL-2.0
/*
 * The memory delays of a task that runs the guest out of memory, each
 * read from /proc/<pid>/delays and from TASKSTATS (taskdelays -r -p)
 * while the task is stopped, so the two must be equal:
 *
 * - freepages: with swap on /dev/vdb, a child allocating and writing
 *   more than MemFree reclaims directly in its page faults;
 * - thrashing: a child keeps using a hot set while streams of new
 *   pages push it out to swap, and refaults pages that were active;
 * - compact: a child fills the memory, frees every other page of it and
 *   asks for transparent huge pages (MADV_HUGEPAGE): no free 2 MiB block
 *   is left, so the fault compacts directly.
 *
 * A delay the guest cannot induce (no swap device, no THP) is a SKIP
 * naming the reason.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/swap.h>

#include "kselftest.h"
#include "delays_util.h"

#define SWAPDEV "/dev/vdb"
#define CLIENT "/usr/bin/taskdelays"
#define THP_DIR "/sys/kernel/mm/transparent_hugepage"
#define MIB (1024UL * 1024)
#define HPAGE (2 * MIB)

static long page_size;

/* More than is free, well within swap so the OOM killer stays away */
static size_t over_free(long extra_mib)
{
	long free_kb = meminfo_kb("MemFree"), swap_kb = meminfo_kb("SwapFree");
	size_t bytes = (size_t)free_kb * 1024 + extra_mib * MIB;

	if (bytes > (size_t)(free_kb + swap_kb / 2) * 1024)
		bytes = (size_t)(free_kb + swap_kb / 2) * 1024;
	return bytes;
}

static char *anon(size_t bytes)
{
	char *mem = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (mem == MAP_FAILED)
		_exit(2);
	return mem;
}

static void write_pages(char *mem, size_t bytes)
{
	for (size_t i = 0; i < bytes / page_size; i++)
		*(size_t *)(mem + i * page_size) = i;
}

struct job {
	size_t bytes;
	int passes;
};

/* Write every page once: the last ones need reclaim to find memory */
static void reclaim(void *arg)
{
	struct job *j = arg;

	write_pages(anon(j->bytes), j->bytes);
}

/*
 * A hot set used over and over while streams of new pages push it out:
 * reclaim finds the hot pages referenced and activates them, later
 * deactivates them (PG_workingset) and swaps them out, and reading them
 * again refaults pages that were in the working set: thrashing.
 */
static void working_set(void *arg)
{
	struct job *j = arg;
	/* hot set and stream together stay within memory and half the swap */
	size_t hot_bytes = j->bytes / 3, i, n = hot_bytes / page_size;
	size_t stream_bytes = j->bytes - hot_bytes;
	char *hot = anon(hot_bytes), *stream;
	int p, r;

	write_pages(hot, hot_bytes);
	for (r = 0; r < j->passes; r++) {
		for (p = 0; p < 2; p++)
			for (i = 0; i < n; i++)
				if (*(size_t *)(hot + i * page_size) != i)
					_exit(3);	/* swap lost our data */
		stream = anon(stream_bytes);
		write_pages(stream, stream_bytes);
		munmap(stream, stream_bytes);
	}
	for (i = 0; i < n; i++)
		if (*(size_t *)(hot + i * page_size) != i)
			_exit(3);
}

/*
 * Fragment the free memory into single pages, then fault huge pages:
 * their order-9 allocation finds no free block and compacts.
 */
static void fragment_then_thp(void *arg)
{
	struct job *j = arg;
	size_t i, thp = 16 * MIB;
	char *mem = anon(j->bytes), *huge;

	write_pages(mem, j->bytes);
	for (i = 0; i < j->bytes / page_size; i += 2)
		madvise(mem + i * page_size, page_size, MADV_DONTNEED);
	/* a 2 MiB aligned range inside a larger mapping */
	huge = anon(thp + HPAGE);
	huge = (char *)(((unsigned long)huge + HPAGE - 1) & ~(HPAGE - 1));
	if (madvise(huge, thp, MADV_HUGEPAGE)) {
		fprintf(stderr, "# madvise(MADV_HUGEPAGE): %s\n", strerror(errno));
		_exit(4);
	}
	write_pages(huge, thp);
}

/*
 * How often a child may try to induce a delay.  Whether the kernel
 * reclaims, refaults or compacts in one try depends on what else the
 * guest has in memory then: one hot-set run in five saw no refault.
 */
#define TRIES 3

/*
 * Run @fn to its stop, then check delay @type: it grew, and TASKSTATS
 * says the same as /proc (two results), for the first of TRIES children
 * whose delay grew, or the last.
 */
static void check_delay(const char *what, void (*fn)(void *), struct job *j,
			int type)
{
	struct child c = { 0 };
	struct delays d = { 0 }, ts = { 0 };
	int err, try;

	for (try = 1; try <= TRIES; try++) {
		memset(&c, 0, sizeof(c));
		err = fork_child(&c, fn, j);
		if (!err) {
			start_child(&c);
			err = wait_stopped(&c);
		}
		err = err ?: read_delays(c.pid, 0, &d);
		err = err ?: client_delays(CLIENT, "-p", c.pid, &ts);
		ksft_print_msg("%s (try %d): %s count %llu total %llu ns (TASKSTATS %llu %llu), SwapFree %ld kB\n",
			       what, try, d_names[type],
			       (unsigned long long)d.count[type],
			       (unsigned long long)d.total[type],
			       (unsigned long long)ts.count[type],
			       (unsigned long long)ts.total[type],
			       meminfo_kb("SwapFree"));
		kill_child(&c);
		if (err || d.count[type] > 0)
			break;
	}
	ksft_test_result(!err && d.count[type] > 0 && d.total[type] > 0,
			 "%s: %s count and total grow in /proc/<pid>/delays\n",
			 what, d_names[type]);
	ksft_test_result(!err && d.count[type] == ts.count[type] &&
			 d.total[type] == ts.total[type],
			 "%s: TASKSTATS gives the same %s count and total\n",
			 what, d_names[type]);
}

/*
 * The kernel leaves THP off on a machine with less than 512 MiB (the
 * guest has 256): switch it to madvise, the mode the child asks for.
 */
static bool have_thp(char *why, size_t len)
{
	char buf[128] = "", *page;
	FILE *f;
	int err;

	/*
	 * The child fragments and asks for huge pages with madvise(), which
	 * fails on a page of our own only when the kernel has no madvise()
	 */
	page = mmap(NULL, page_size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	err = page == MAP_FAILED || madvise(page, page_size, MADV_NORMAL);
	if (err) {
		snprintf(why, len, "madvise(): %s (CONFIG_ADVISE_SYSCALLS=n?)",
			 strerror(errno));
		return false;
	}
	munmap(page, page_size);
	f = fopen(THP_DIR "/enabled", "r+");
	if (!f) {
		snprintf(why, len, "%s: %s (no CONFIG_TRANSPARENT_HUGEPAGE)",
			 THP_DIR "/enabled", strerror(errno));
		return false;
	}
	if (fputs("madvise", f) == EOF || fflush(f) || fseek(f, 0, SEEK_SET) ||
	    !fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	if (!strstr(buf, "[madvise]")) {
		snprintf(why, len, "cannot set %s to madvise (%s)",
			 THP_DIR "/enabled", strerror(errno));
		return false;
	}
	return true;
}

int main(void)
{
	char out[512], why[256];
	char *const mkswap[] = { "/bin/busybox", "mkswap", SWAPDEV, NULL };
	struct job j;
	int err;

	page_size = sysconf(_SC_PAGESIZE);
	ksft_print_header();
	ksft_set_plan(6);
	if (access(CLIENT, X_OK))
		ksft_exit_fail_msg("%s: missing\n", CLIENT);
	if (access(SWAPDEV, R_OK | W_OK)) {
		ksft_print_msg("%s: %s\n", SWAPDEV, strerror(errno));
		ksft_exit_skip("no swap device: memory cannot be overcommitted\n");
	}
	err = run_capture(mkswap, 0, 0, out, sizeof(out));
	if (err)
		print_diag_lines("mkswap", out);
	if (err || swapon(SWAPDEV, 0))
		ksft_exit_fail_msg("no swap on %s: %s\n", SWAPDEV,
				   err ? "mkswap failed" : strerror(errno));
	set_delayacct(true);

	j.bytes = over_free(24);
	ksft_print_msg("MemFree %ld kB, SwapFree %ld kB: writing %zu MiB\n",
		       meminfo_kb("MemFree"), meminfo_kb("SwapFree"),
		       j.bytes / MIB);
	check_delay("write more than MemFree", reclaim, &j, D_FREEPAGES);

	j.bytes = over_free(16);
	j.passes = 4;
	ksft_print_msg("hot set of %zu MiB, %d streams of %zu MiB\n",
		       j.bytes / 3 / MIB, j.passes, (j.bytes - j.bytes / 3) / MIB);
	check_delay("hot set under streams", working_set, &j, D_THRASHING);

	if (have_thp(why, sizeof(why))) {
		j.bytes = over_free(0);
		ksft_print_msg("fragmenting %zu MiB, then 16 MiB of THP\n",
			       j.bytes / MIB);
		check_delay("THP after fragmenting", fragment_then_thp, &j,
			    D_COMPACT);
	} else {
		ksft_test_result_skip("compact: %s\n", why);
		ksft_test_result_skip("compact: TASKSTATS: %s\n", why);
	}
	if (swapoff(SWAPDEV))
		ksft_print_msg("swapoff: %s\n", strerror(errno));
	ksft_finished();
}
