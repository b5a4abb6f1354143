// SPDX-License-Identifier: GPL-2.0
/*
 * fault - page-fault heavy work: map, touch, unmap
 *
 * Each step maps 1 MiB of anonymous memory (too small for a
 * transparent huge page, so every 4 KiB page faults on its own),
 * writes a byte to each page, and unmaps it; every fourth step maps a
 * 256 KiB tmpfs file shared instead and reads each page, which faults
 * through the page cache (fault-around maps several file pages a
 * fault).  The minor faults the kernel counts for the process
 * (getrusage) must be at least the anonymous pages touched.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "unseen.h"

#define ANON_SIZE	(1024 * 1024)
#define FILE_SIZE	(256 * 1024)
#define PAGE		4096

static int fd = -1;
static char path[64];
static unsigned long anon_pages, file_pages, steps;
static long faults_before;

static long minor_faults(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) < 0)
		unseen_die("getrusage");
	return ru.ru_minflt;
}

static void fault_setup(int argc, char **argv)
{
	(void)argv;
	if (argc)
		unseen_fail("no arguments after SECONDS");
	snprintf(path, sizeof(path), "/tmp/unseen-fault.%d", (int)getpid());
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0)
		unseen_die(path);
	if (ftruncate(fd, FILE_SIZE) < 0)
		unseen_die("ftruncate");
	faults_before = minor_faults();
}

static void fault_step(void)
{
	char *p;
	size_t size, off;
	char sum = 0;

	if (steps++ % 4 == 3) {
		size = FILE_SIZE;
		p = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
		if (p == MAP_FAILED)
			unseen_die("mmap tmpfs file");
		for (off = 0; off < size; off += PAGE)
			sum += p[off];
		if (sum)
			unseen_fail("the tmpfs file reads back non-zero");
		file_pages += size / PAGE;
	} else {
		size = ANON_SIZE;
		p = mmap(NULL, size, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			unseen_die("mmap anonymous");
		for (off = 0; off < size; off += PAGE)
			p[off] = 1;
		anon_pages += size / PAGE;
	}
	if (munmap(p, size) < 0)
		unseen_die("munmap");
}

static void fault_finish(unsigned long iterations)
{
	long faults = minor_faults() - faults_before;

	close(fd);
	if (unlink(path) < 0)
		unseen_die(path);
	if (steps != iterations)
		unseen_fail("%lu steps in %lu iterations", steps, iterations);
	if (faults < 0 || (unsigned long)faults < anon_pages)
		unseen_fail("%ld minor faults for %lu anonymous pages touched",
			    faults, anon_pages);
	unseen_count("anon_pages", anon_pages);
	unseen_count("file_pages", file_pages);
	unseen_count("faults", faults);
}

const struct unseen_class unseen_class = {
	.name = "fault",
	.usage = "",
	.setup = fault_setup,
	.step = fault_step,
	.finish = fault_finish,
};
