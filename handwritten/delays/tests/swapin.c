// SPDX-License-Identifier: GPL-2.0
/*
 * Swap-in delay grows when a task's pages were pushed out to swap and it
 * touches them again: swap on /dev/vdb, then a child allocates more than
 * the free memory, writes every page and reads them all back.
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
#define MIB (1024UL * 1024)

static size_t alloc_bytes;

/* room made after the writes: a quarter of the guest's 64 MiB swap */
#define EVICT_BYTES (16 * MIB)

static void push_out(size_t bytes)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t i;
	char *mem;

	mem = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		_exit(2);
	for (i = 0; i < bytes / page; i++)
		mem[i * page] = 1;
	munmap(mem, bytes);
}

static void thrash(void *arg)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t i, n = alloc_bytes / page;
	char *mem;
	int pass;

	(void)arg;
	mem = mmap(NULL, alloc_bytes, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED)
		_exit(2);
	for (i = 0; i < n; i++)
		*(size_t *)(mem + i * page) = i;
	/*
	 * The first pages went out to make room for the last ones, but
	 * reclaim may still hold them in the swap cache, where touching
	 * them reads nothing from swap.  Filling a second region makes
	 * reclaim free those clean pages; unmapping it leaves room to
	 * read them back from the device.
	 */
	push_out(EVICT_BYTES);
	/*
	 * Pages read back early in a pass go out again before its end, as
	 * the region is larger than memory: a second and third pass read
	 * from the device whatever the first found in the swap cache.
	 */
	for (pass = 0; pass < 3; pass++) {
		for (i = 0; i < n; i++) {
			if (*(size_t *)(mem + i * page) != i)
				_exit(3);	/* swap lost our data */
		}
	}
}

int main(void)
{
	char out[512];
	char *const mkswap[] = { "/bin/busybox", "mkswap", SWAPDEV, NULL };
	struct child c = { 0 };
	long free_kb, swap_kb;
	struct delays d;
	int err;

	ksft_print_header();
	if (access(SWAPDEV, R_OK | W_OK))
		ksft_exit_skip("%s: %s\n", SWAPDEV, strerror(errno));
	ksft_set_plan(4);

	err = run_capture(mkswap, 0, 0, out, sizeof(out));
	if (err)
		print_diag_lines("mkswap", out);
	err = err ?: swapon(SWAPDEV, 0);
	ksft_test_result(!err, "swap on %s\n", SWAPDEV);
	if (err)
		ksft_exit_fail_msg("no swap: %s\n", strerror(errno));

	free_kb = meminfo_kb("MemFree");
	swap_kb = meminfo_kb("SwapFree");
	/* more than is free, but well within swap so the OOM killer stays away */
	if (free_kb <= 0 || swap_kb <= 0)
		ksft_exit_fail_msg("/proc/meminfo: no MemFree or SwapFree\n");
	alloc_bytes = (size_t)free_kb * 1024 + 24 * MIB;
	if (alloc_bytes > (size_t)(free_kb + swap_kb / 2) * 1024)
		alloc_bytes = (size_t)(free_kb + swap_kb / 2) * 1024;
	ksft_print_msg("MemFree %ld kB, SwapFree %ld kB, allocating %zu MiB\n",
		       free_kb, swap_kb, alloc_bytes / MIB);

	set_delayacct(true);
	err = fork_child(&c, thrash, NULL);
	if (!err) {
		start_child(&c);
		err = wait_stopped(&c);
	}
	ksft_test_result(!err, "child wrote and read back %zu MiB intact\n",
			 alloc_bytes / MIB);
	err = err ?: read_delays(c.pid, 0, &d);
	ksft_print_msg("swapin count %llu total %llu ns, SwapFree now %ld kB\n",
		       (unsigned long long)d.count[D_SWAPIN],
		       (unsigned long long)d.total[D_SWAPIN],
		       meminfo_kb("SwapFree"));
	ksft_test_result(!err && d.count[D_SWAPIN] > 0,
			 "swapin count grows when swapped pages are touched\n");
	ksft_test_result(!err && d.total[D_SWAPIN] > 0,
			 "swapin total grows when swapped pages are touched\n");
	kill_child(&c);
	if (swapoff(SWAPDEV))
		ksft_print_msg("swapoff: %s\n", strerror(errno));
	ksft_finished();
}
