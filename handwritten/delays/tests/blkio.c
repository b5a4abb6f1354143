// SPDX-License-Identifier: GPL-2.0
/*
 * Block I/O delay grows for O_DIRECT reads from the virtio disk /dev/vda
 * and stays zero for a task that does no I/O.  Not every read waits: under
 * TCG, QEMU may complete a request before the task goes to sleep, and only
 * sleeping in io_schedule() counts as a delay.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kselftest.h"
#include "delays_util.h"

#define DISK "/dev/vda"
#define NREADS 128
#define BLK 65536

static void direct_reads(void *arg)
{
	int fd = open(DISK, O_RDONLY | O_DIRECT), i;
	void *buf;

	(void)arg;
	if (fd < 0 || posix_memalign(&buf, BLK, BLK))
		_exit(2);
	/* stride through the disk so no request can be merged or cached */
	for (i = 0; i < NREADS; i++) {
		if (pread(fd, buf, BLK, (off_t)(i * 7 % 1000) * BLK) != BLK)
			_exit(3);
	}
	close(fd);
}

static void no_io(void *arg)
{
	(void)arg;
	spin_ms(100);
}

int main(void)
{
	struct delays io, none;
	int err;

	ksft_print_header();
	if (access(DISK, R_OK))
		ksft_exit_skip("%s: %s\n", DISK, strerror(errno));
	ksft_set_plan(3);
	set_delayacct(true);

	err = delays_of_child(direct_reads, &io);
	ksft_print_msg("%d O_DIRECT reads: blkio count %llu total %llu ns\n",
		       NREADS, (unsigned long long)io.count[D_BLKIO],
		       (unsigned long long)io.total[D_BLKIO]);
	ksft_test_result(!err && io.count[D_BLKIO] > 0 &&
			 io.count[D_BLKIO] <= NREADS,
			 "blkio count grows with O_DIRECT reads, at most one per read\n");
	ksft_test_result(!err && io.total[D_BLKIO] > 0,
			 "blkio total grows with O_DIRECT reads\n");

	err = delays_of_child(no_io, &none);
	ksft_test_result(!err && none.count[D_BLKIO] == 0 &&
			 none.total[D_BLKIO] == 0,
			 "blkio stays zero without I/O\n");
	ksft_finished();
}
