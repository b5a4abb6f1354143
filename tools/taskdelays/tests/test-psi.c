// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the /proc/pressure parser: the files as
 * kernel/sched/psi.c: psi_show() writes them (both lines; irq with
 * "full" only), then damaged; and td_psi_read() over a directory made
 * here, with a file missing and one malformed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "taskdelays_psi.h"
#include "ktap_check.h"

static const struct psi_case {
	const char *name;
	const char *text;
	int err;		/* 0 or -EINVAL */
	bool some, full;	/* lines present */
	double some10, full300;
	unsigned long long some_total, full_total;
	const char *why;	/* part of the reason on error */
} cases[] = {
	{ "cpu, both lines", "some avg10=1.25 avg60=0.50 avg300=0.10 total=12345\n"
	  "full avg10=0.00 avg60=0.00 avg300=7.75 total=678\n", 0, true, true,
	  1.25, 7.75, 12345, 678, NULL },
	{ "irq, full only", "full avg10=3.00 avg60=2.00 avg300=1.00 total=99\n",
	  0, false, true, 0, 1.00, 0, 99, NULL },
	{ "cpu before 5.13, some only", "some avg10=100.00 avg60=0.00 avg300=0.00 total=18446744073709551615",
	  0, true, false, 100.00, 0, 18446744073709551615ULL, 0, NULL },
	{ "no total", "some avg10=1.00 avg60=0.00 avg300=0.00\n",
	  -EINVAL, false, false, 0, 0, 0, 0, "line 1: not" },
	{ "another key", "some avg10=1.00 avg60=0.00 avg300=0.00 total=1\n"
	  "part avg10=1.00 avg60=0.00 avg300=0.00 total=1\n",
	  -EINVAL, false, false, 0, 0, 0, 0, "line 2: not" },
	{ "junk after total", "full avg10=1.00 avg60=0.00 avg300=0.00 total=1 x\n",
	  -EINVAL, false, false, 0, 0, 0, 0, "line 1: not" },
	{ "an average above 100", "some avg10=100.01 avg60=0.00 avg300=0.00 total=1\n",
	  -EINVAL, false, false, 0, 0, 0, 0, "line 1: an average of 100.01%" },
	{ "a negative total", "some avg10=1.00 avg60=0.00 avg300=0.00 total=-1\n",
	  -EINVAL, false, false, 0, 0, 0, 0, "line 1: not" },
	{ "two some lines", "some avg10=1.00 avg60=0.00 avg300=0.00 total=1\n"
	  "some avg10=1.00 avg60=0.00 avg300=0.00 total=1\n",
	  -EINVAL, false, false, 0, 0, 0, 0, "line 2: a second \"some\" line" },
	{ "empty", "", -EINVAL, false, false, 0, 0, 0, 0, "empty" },
	{ "a blank line", "\n", -EINVAL, false, false, 0, 0, 0, 0, "line 1: not" },
};

static void test_cases(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct psi_case *c = &cases[i];
		struct td_psi p;
		int err = td_psi_parse(c->text, &p);
		bool ok = err == c->err && p.present == !c->err;

		if (!c->err)
			ok = ok && p.some.present == c->some &&
			     p.full.present == c->full &&
			     (!c->some || (p.some.avg[0] == c->some10 &&
					   p.some.total_us == c->some_total)) &&
			     (!c->full || (p.full.avg[2] == c->full300 &&
					   p.full.total_us == c->full_total));
		else
			ok = ok && strstr(p.why, c->why);
		if (!ok)
			printf("# %s: err %d, why \"%s\"\n", c->name, err,
			       p.why);
		CHECK(ok, "psi: %s", c->name);
	}
}

static void put(const char *dir, const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f || fputs(text, f) < 0 || fclose(f)) {
		printf("Bail out! %s: cannot write\n", path);
		exit(1);
	}
}

/* A directory with cpu and memory, a malformed io and no irq */
static void test_read(void)
{
	char dir[] = "/tmp/test-psi.XXXXXX", path[256];
	struct td_psi p[TD_PSI_NR];
	int n;

	if (!mkdtemp(dir)) {
		printf("Bail out! mkdtemp: %s\n", strerror(errno));
		exit(1);
	}
	put(dir, "cpu", "some avg10=2.00 avg60=1.00 avg300=0.50 total=10\n"
	    "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n");
	put(dir, "memory", "some avg10=0.00 avg60=0.00 avg300=0.00 total=5\n"
	    "full avg10=0.00 avg60=0.00 avg300=0.00 total=4\n");
	put(dir, "io", "some avg10=0.00 avg60=0.00 avg300=0.00 total=1\nfull 0\n");
	n = td_psi_read(dir, p);
	CHECK(n == 2, "read: two of four files present (%d)", n);
	CHECK(p[TD_PSI_CPU].present && p[TD_PSI_CPU].some.avg[0] == 2.00 &&
	      p[TD_PSI_MEMORY].present && p[TD_PSI_MEMORY].full.total_us == 4,
	      "read: cpu and memory by name");
	snprintf(path, sizeof(path), "%s/io line 2: not", dir);
	CHECK(!p[TD_PSI_IO].present && !p[TD_PSI_IO].absent &&
	      strstr(p[TD_PSI_IO].why, path),
	      "read: malformed io names the file and line: %s", p[TD_PSI_IO].why);
	CHECK(!p[TD_PSI_IRQ].present && p[TD_PSI_IRQ].absent,
	      "read: a missing irq is absent (n/a), not an error");
	snprintf(path, sizeof(path), "%s/irq", dir);
	unlink(path);
	for (n = 0; n < TD_PSI_NR; n++) {
		snprintf(path, sizeof(path), "%s/%s", dir, td_psi_names[n]);
		unlink(path);
	}
	rmdir(dir);
	n = td_psi_read(dir, p);
	CHECK(n == 0 && p[TD_PSI_CPU].absent,
	      "read: no directory, nothing present (psi=0)");
}

int main(void)
{
	check_header();
	test_cases();
	test_read();
	return check_done("test-psi");
}
