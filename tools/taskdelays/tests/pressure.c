// SPDX-License-Identifier: GPL-2.0
/*
 * The PSI of taskdelays -T: the totals it shows (text, in seconds, and
 * -J, in microseconds) lie between /proc/pressure's read before and
 * after it ran, for every resource the kernel has, and a resource it
 * has not is n/a (null).  Then, in a mount namespace of its own, an
 * empty tmpfs over /proc/pressure (as a kernel without the files): every
 * row n/a and every resource null; and a malformed file is named with
 * its line, never shown as zero.  On the build host only the first part
 * runs: it mounts nothing there.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <unistd.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"

static const char *const res[] = { "cpu", "memory", "io", "irq" };
#define NR_RES 4

static char out[65536];

/* "some" (0) and "full" (1) totals of /proc/pressure/@r; false if none */
static bool totals(const char *r, unsigned long long t[2])
{
	char path[64], line[256];
	unsigned long long v;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/pressure/%s", r);
	f = fopen(path, "r");
	if (!f)
		return false;
	t[0] = t[1] = ~0ULL;
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "total=");

		if (p && sscanf(p, "total=%llu", &v) == 1)
			t[line[0] == 'f'] = v;
	}
	fclose(f);
	return true;
}

static int run(char *const argv[])
{
	return run_capture(argv, 0, 0, out, sizeof(out));
}

/* The "total_us" of @kind in resource @r's object of -J's "psi" */
static bool json_total(const char *r, const char *kind, unsigned long long *v)
{
	char want[64];
	const char *p = strstr(out, "\"psi\":{"), *q;

	snprintf(want, sizeof(want), "\"%s\":{", r);
	p = p ? strstr(p, want) : NULL;
	snprintf(want, sizeof(want), "\"%s\":{", kind);
	q = p ? strstr(p, want) : NULL;
	q = q ? strstr(q, "\"total_us\":") : NULL;
	return q && sscanf(q, "\"total_us\":%llu", v) == 1;
}

static bool json_null(const char *r)
{
	char want[64];
	const char *p = strstr(out, "\"psi\":{");

	snprintf(want, sizeof(want), "\"%s\":null", r);
	return p && strstr(p, want);
}

/* Text row of @r: its some and full totals in seconds, or n/a */
static int text_row(const char *r, double t[2])
{
	char want[16], na[8];
	const char *p;
	double a[6];

	snprintf(want, sizeof(want), "\n%-7s", r);
	p = strstr(out, want);
	if (!p)
		return -1;
	if (sscanf(p + 8, "%lf %lf %lf %lfs %lf %lf %lf %lfs", &a[0], &a[1],
		   &a[2], &t[0], &a[3], &a[4], &a[5], &t[1]) == 8)
		return 2;
	if (sscanf(p + 8, " %3s", na) == 1 && !strcmp(na, "n/a"))
		return 0;
	return -1;
}

static void test_totals(void)
{
	char *const text[] = { td_client(), "-T", "-n", "1", "-i", "200", "-N", "1",
			 NULL };
	char *const json[] = { td_client(), "-T", "-J", "-n", "1", "-i", "200", "-N",
			 "1", NULL };
	unsigned long long before[NR_RES][2], after[NR_RES][2], v;
	bool have[NR_RES], ok = true;
	double t[2];
	int i, k, rc;

	for (i = 0; i < NR_RES; i++)
		have[i] = totals(res[i], before[i]);
	rc = run(json);
	for (i = 0; i < NR_RES; i++)
		totals(res[i], after[i]);
	for (i = 0; i < NR_RES; i++)
		for (k = 0; k < 2; k++) {
			bool line = have[i] && before[i][k] != ~0ULL;
			bool got = json_total(res[i], k ? "full" : "some", &v);

			if (got != line || (got && (v < before[i][k] || v > after[i][k]))) {
				ksft_print_msg("%s %s: json %d %llu, /proc %d %llu..%llu\n",
					       res[i], k ? "full" : "some", got,
					       got ? v : 0, line, before[i][k],
					       after[i][k]);
				ok = false;
			}
			if (!have[i] && !json_null(res[i]))
				ok = false;
		}
	if (rc || !ok)
		print_diag_lines("taskdelays -T -J", out);
	/* the guest kernel has CONFIG_PSI; a build host may not */
	ksft_test_result(!rc && ok && (have[0] || td_on_host()),
			 "-J: each PSI total between /proc/pressure's before and after, null where absent\n");

	for (i = 0; i < NR_RES; i++)
		have[i] = totals(res[i], before[i]);
	rc = run(text);
	ok = true;
	/* no /proc/pressure at all (psi=0): one line says so, no rows */
	if (access("/proc/pressure", F_OK))
		ok = strstr(out, "\nPSI n/a: no /proc/pressure (") != NULL;
	for (i = 0; !access("/proc/pressure", F_OK) && i < NR_RES; i++) {
		totals(res[i], after[i]);
		k = text_row(res[i], t);
		if (k != (have[i] ? 2 : 0))
			ok = false;
		for (k = 0; ok && have[i] && k < 2; k++)
			if (before[i][k] != ~0ULL &&
			    (t[k] < before[i][k] / 1e6 - 0.05 ||
			     t[k] > after[i][k] / 1e6 + 0.05))
				ok = false;
	}
	if (rc || !ok)
		print_diag_lines("taskdelays -T", out);
	ksft_test_result(!rc && ok,
			 "text: a row per resource, totals in seconds within /proc/pressure's, n/a where absent\n");
}

/* An empty tmpfs over /proc/pressure, in this process's own namespace */
static bool hide_pressure(void)
{
	if (unshare(CLONE_NEWNS) ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("none", "/proc/pressure", "tmpfs", 0, "size=64k")) {
		ksft_print_msg("tmpfs over /proc/pressure: %s\n", strerror(errno));
		return false;
	}
	return true;
}

static void test_absent_and_malformed(void)
{
	char *const text[] = { td_client(), "-T", "-n", "1", "-i", "200", "-N", "1",
			 NULL };
	char *const json[] = { td_client(), "-T", "-J", "-n", "1", "-i", "200", "-N",
			 "1", NULL };
	bool ok;
	double t[2];
	FILE *f;
	int i, rc;

	if (!hide_pressure()) {
		ksft_test_result_fail("no PSI files: cannot hide them\n");
		ksft_test_result_fail("a malformed PSI file: cannot hide them\n");
		return;
	}
	rc = run(text);
	ok = !rc;
	for (i = 0; i < NR_RES; i++)
		ok = ok && text_row(res[i], t) == 0;
	if (!ok)
		print_diag_lines("taskdelays -T without PSI files", out);
	rc = run(json);
	for (i = 0; i < NR_RES; i++)
		ok = ok && !rc && json_null(res[i]);
	if (!ok)
		print_diag_lines("taskdelays -T -J without PSI files", out);
	ksft_test_result(ok, "no PSI files: every row n/a, every resource null\n");

	f = fopen("/proc/pressure/cpu", "w");
	if (f) {
		fputs("some avg10=0.00 avg60=0.00 avg300=0.00 total=1\nfull junk\n", f);
		fclose(f);
	}
	rc = run(text);
	ok = !rc && strstr(out, "\ncpu     n/a: /proc/pressure/cpu line 2: not ");
	if (!ok)
		print_diag_lines("taskdelays -T with a malformed cpu file", out);
	ksft_test_result(ok, "a malformed file: n/a naming the file and line\n");
}

int main(void)
{
	ksft_print_header();
	ksft_set_plan(td_on_host() ? 2 : 4);
	test_totals();
	if (!td_on_host())
		test_absent_and_malformed();
	ksft_finished();
}
