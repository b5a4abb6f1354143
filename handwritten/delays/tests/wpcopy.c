// SPDX-License-Identifier: GPL-2.0
/*
 * The write-protect copy delay grows when a child writes pages after
 * fork(): each write to a page shared copy-on-write with its parent
 * copies it in wp_page_copy(), which delay accounting times.  A copy is
 * only counted when local_clock() moves during it, and under TCG that
 * clock may have the resolution of a tick, so not every copy counts.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>

#include "kselftest.h"
#include "delays_util.h"

#define PAGES 4096

static char *area;
static long page;

static void write_all(void *arg)
{
	long i;

	(void)arg;
	for (i = 0; i < PAGES; i++)
		area[i * page] = 2;
}

static void read_all(void *arg)
{
	long i, sum = 0;

	(void)arg;
	for (i = 0; i < PAGES; i++)
		sum += area[i * page];
	/* used, so that the reads stay */
	if (sum != PAGES)
		printf("# reader: sum %ld\n", sum);
}

int main(void)
{
	struct delays w, r;
	int err;

	ksft_print_header();
	ksft_set_plan(2);
	set_delayacct(true);
	page = sysconf(_SC_PAGESIZE);
	area = mmap(NULL, PAGES * page, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (area == MAP_FAILED)
		ksft_exit_fail_msg("mmap\n");
	memset(area, 1, PAGES * page);	/* present before the fork */

	err = delays_of_child(write_all, &w);
	err = err ?: delays_of_child(read_all, &r);
	ksft_print_msg("%d pages: wpcopy writer %llu %llu ns, reader %llu %llu ns\n",
		       PAGES, (unsigned long long)w.count[D_WPCOPY],
		       (unsigned long long)w.total[D_WPCOPY],
		       (unsigned long long)r.count[D_WPCOPY],
		       (unsigned long long)r.total[D_WPCOPY]);
	ksft_test_result(!err && w.count[D_WPCOPY] > 0 &&
			 w.count[D_WPCOPY] <= PAGES + 64 && w.total[D_WPCOPY] > 0,
			 "wpcopy grows when a child writes its pages after fork\n");
	ksft_test_result(!err && r.count[D_WPCOPY] < w.count[D_WPCOPY] / 4 + 1 &&
			 r.total[D_WPCOPY] < w.total[D_WPCOPY] / 4 + 1,
			 "a child that only reads them copies far less\n");
	ksft_finished();
}
