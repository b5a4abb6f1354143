// SPDX-License-Identifier: GPL-2.0
/*
 * unseen - the loop every held-out workload class runs
 *
 * Usage: unseen-CLASS SECONDS [ARGS]
 *
 * Sets the class up, executes the kernel-fetch plugin's region mark,
 * runs the class's step until SECONDS have passed (under -icount a
 * fixed amount of work), marks again, and prints
 * "CLASS ITERATIONS NAME=VALUE..." with the counts the class checked.
 * Exit status 0 only when the class did the work it counts.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "unseen.h"

void unseen_die(const char *what)
{
	fprintf(stderr, "unseen-%s: %s: %s\n", unseen_class.name, what,
		strerror(errno));
	exit(1);
}

void unseen_fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "unseen-%s: ", unseen_class.name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

void unseen_count(const char *name, unsigned long value)
{
	printf(" %s=%lu", name, value);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
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
	unsigned long iterations = 0;
	double end, secs;
	char *endp;

	if (argc < 2) {
		fprintf(stderr, "usage: unseen-%s SECONDS %s\n",
			unseen_class.name, unseen_class.usage);
		return 2;
	}
	secs = strtod(argv[1], &endp);
	if (*endp || secs <= 0) {
		fprintf(stderr, "unseen-%s: bad duration '%s'\n",
			unseen_class.name, argv[1]);
		return 2;
	}
	unseen_class.setup(argc - 2, argv + 2);
	mark_region();
	end = now() + secs;
	do {
		unseen_class.step();
		iterations++;
	} while (now() < end);
	mark_region();
	printf("%s %lu", unseen_class.name, iterations);
	unseen_class.finish(iterations);
	putchar('\n');
	return fflush(stdout) ? 1 : 0;
}
