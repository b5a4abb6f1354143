/* SPDX-License-Identifier: GPL-2.0 */
/*
 * unseen - workloads the function list is never trained on
 *
 * Each program (unseen-CLASS) drives one kind of kernel work that the
 * training workloads (../workload.c) do not, between two region marks
 * of the kernel-fetch plugin, so a held-out boot measures every layout
 * on work its list was not made from.  unseen.c holds what they share:
 * the command line, the timed loop, the marks, the report.
 */
#ifndef UNSEEN_H
#define UNSEEN_H

#include <stddef.h>

/*
 * One class.  setup() gets the arguments after SECONDS and prepares
 * outside the marked region; step() is one iteration of the measured
 * loop; finish() tears down, checks that the work was done and prints
 * its counts as " NAME=VALUE" words after "CLASS ITERATIONS".
 */
struct unseen_class {
	const char *name;
	const char *usage;	/* the arguments after SECONDS */
	void (*setup)(int argc, char **argv);
	void (*step)(void);
	void (*finish)(unsigned long iterations);
};

extern const struct unseen_class unseen_class;

/* Both print why on stderr and exit 1. */
void unseen_die(const char *what);
void unseen_fail(const char *fmt, ...);
void unseen_count(const char *name, unsigned long value);

#endif /* UNSEEN_H */
