/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The project's C unit tests on the host: one KTAP result per CHECK, the
 * plan printed last, as the count is known only at the end (KTAP allows
 * it).  Standalone, for tests built without a kernel tree beside them
 * (generator/ builds and tests on its own); guest tests use the tree's
 * kselftest.h instead.
 *
 *   check_header();
 *   CHECK(cond);                    named by its place and condition
 *   CHECK(cond, "what %d", x);      named by what it proves
 *   check_skip("why %d", x);
 *   return check_done("NAME");      plan, "# NAME: N passed, N failed,
 *                                   N skipped", "# NAME: done"; the exit
 *                                   status: 1 when a check failed
 */
#ifndef KTAP_CHECK_H
#define KTAP_CHECK_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* as kselftest.h has it, for the tables the tests walk */
#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

/* as the kernel's compiler_attributes.h spells it */
#ifndef __printf
#define __printf(a, b) __attribute__((format(printf, a, b)))
#endif

static unsigned int check_pass_, check_fail_, check_skip_;

static inline unsigned int check_count(void)
{
	return check_pass_ + check_fail_ + check_skip_;
}

static inline void check_header(void)
{
	printf("KTAP version 1\n");
}

/*
 * One result.  @fmt is " " and a format string literal, the separator
 * between the result's number and its description: just " " when the
 * check names no description, and then its place and condition name it.
 * The format attribute makes a wrong format a compile error (-Werror).
 */
static inline __printf(5, 6)
void check_result(bool ok, const char *cond, const char *file, int line,
		  const char *fmt, ...)
{
	va_list ap;

	if (ok)
		check_pass_++;
	else
		check_fail_++;
	printf("%s %u", ok ? "ok" : "not ok", check_count());
	if (fmt[1]) {
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		printf("\n");
	} else {
		printf(" %s:%d: %s\n", file, line, cond);
	}
	if (!ok && fmt[1])
		printf("# failed: %s:%d: %s\n", file, line, cond);
}

/* The file's name without its directories, where the compiler knows it */
#ifdef __FILE_NAME__
#define CHECK_FILE_ __FILE_NAME__
#else
#define CHECK_FILE_ __FILE__
#endif

/*
 * Evaluates @cond once: it usually runs the code under test.  The
 * description, when there is one, is a format string literal.
 */
#define CHECK(cond, ...)						\
	check_result(!!(cond), #cond, CHECK_FILE_, __LINE__, " " __VA_ARGS__)

static inline __printf(1, 2)
void check_skip(const char *fmt, ...)
{
	va_list ap;

	check_skip_++;
	printf("ok %u # SKIP ", check_count());
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static inline int check_done(const char *name)
{
	printf("1..%u\n", check_count());
	printf("# %s: %u passed, %u failed, %u skipped\n", name, check_pass_,
	       check_fail_, check_skip_);
	printf("# %s: done\n", name);
	return check_fail_ ? 1 : 0;
}

#endif /* KTAP_CHECK_H */
