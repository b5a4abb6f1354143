/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the host unit tests share on top of the tree's kselftest.h: one
 * KTAP result per CHECK, and the plan printed last.
 */
#ifndef TESTS_CHECK_H
#define TESTS_CHECK_H

#include <stdbool.h>
#include <stdio.h>

#include "kselftest.h"

/*
 * One KTAP result.  Evaluates @cond once (it usually runs the code under
 * test) and names it when it fails.
 */
#define CHECK(cond, ...) do {						\
	bool ok_ = (cond);						\
	char what_[256];						\
									\
	snprintf(what_, sizeof(what_), __VA_ARGS__);			\
	if (!ok_)							\
		ksft_print_msg("failed: %s\n", #cond);			\
	ksft_test_result(ok_, "%s\n", what_);				\
} while (0)

/*
 * The count is known only at the end; KTAP allows the plan last.  Then
 * the "# NAME: done" line the Makefile looks for, and the exit status.
 */
static inline void check_done(const char *name)
{
	ksft_plan = ksft_test_num();
	printf("1..%u\n", ksft_plan);
	printf("# %s: done\n", name);
	ksft_finished();
}

#endif /* TESTS_CHECK_H */
