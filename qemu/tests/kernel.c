// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel we built booted to our /init and exposes
 * the delay-accounting and schedstats switches the other tests rely on.
 *
 * The expected release string is staged by the host as
 * /data/kernelrelease (from `make kernelrelease` in the build tree).
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/utsname.h>
#include "kselftest.h"

static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (!fgets(buf, len, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

static void test_pid1_is_our_init(void)
{
	char cmd[256];
	size_t len, off;
	int found = 0;
	FILE *f = fopen("/proc/1/cmdline", "r");

	if (!f) {
		ksft_test_result_fail("pid 1 is /init: cannot open /proc/1/cmdline\n");
		return;
	}
	len = fread(cmd, 1, sizeof(cmd) - 1, f);
	fclose(f);
	cmd[len] = '\0';
	/*
	 * The script runs as "/bin/busybox sh /init": look for /init among
	 * the NUL-separated words.
	 */
	for (off = 0; off < len; off += strlen(cmd + off) + 1) {
		ksft_print_msg("pid 1 argv: '%s'\n", cmd + off);
		if (!strcmp(cmd + off, "/init"))
			found = 1;
	}
	ksft_test_result(found, "pid 1 is /init\n");
}

static void test_release_matches(void)
{
	struct utsname u;
	char want[256];

	if (read_line("/data/kernelrelease", want, sizeof(want))) {
		ksft_test_result_fail("uname -r matches the built tree: no /data/kernelrelease\n");
		return;
	}
	if (uname(&u)) {
		ksft_test_result_fail("uname -r matches the built tree: uname failed\n");
		return;
	}
	ksft_print_msg("running %s, built %s\n", u.release, want);
	ksft_test_result(!strcmp(u.release, want),
			 "uname -r matches the built tree\n");
}

static void test_exists(const char *path)
{
	int ok = access(path, R_OK) == 0;

	if (!ok)
		ksft_print_msg("%s: %m\n", path);
	ksft_test_result(ok, "%s exists\n", path);
}

int main(void)
{
	ksft_print_header();
	ksft_set_plan(4);
	test_pid1_is_our_init();
	test_release_matches();
	test_exists("/proc/sys/kernel/task_delayacct");
	test_exists("/proc/sys/kernel/sched_schedstats");
	ksft_finished();
}
