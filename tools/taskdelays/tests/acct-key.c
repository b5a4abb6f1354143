// SPDX-License-Identifier: GPL-2.0
/*
 * ^T in taskdelays -T on a terminal switches kernel.task_delayacct, as
 * iotop-c's key does: as root it goes on and off, the status line says
 * so and the "accounting is off" banner goes and comes back with it.
 * A user who may query TASKSTATS (CAP_NET_ADMIN) but is not root gets a
 * message that says so, and the sysctl stays as it was.  On the build
 * host only that second part runs: it never changes the host's sysctl.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <grp.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"
#include "vt100.h"

#define ROWS 24
#define COLS 80
#define WAIT_MS 20000		/* a round of -i 500 under TCG, with margin */
#define BANNER "! delay accounting is off"
#define CTRL_T "\x14"

static bool banner(void)
{
	return vt_find(BANNER) >= 0;
}

static int stop(struct term *t)
{
	int status;

	term_keys(t, "q");
	status = term_stop(t, 5000);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Root: ^T switches on, ^T switches off, the banner follows */
static void test_root(void)
{
	char *const argv[] = { td_client(), "-T", "-i", "500", NULL };
	struct term t;
	bool ok;

	set_delayacct(false);
	vt_reset(ROWS, COLS);
	if (term_start(&t, argv))
		ksft_exit_fail_msg("forkpty: %s\n", strerror(errno));
	ok = term_wait(&t, " COMM ", WAIT_MS);
	term_settle(&t, 100);
	ok = ok && banner() && vt_find("^T:acct") >= 0;
	if (!ok)
		vt_dump("accounting off, before ^T");
	ksft_test_result(ok, "off: the banner shows and the help line names ^T\n");

	term_keys(&t, CTRL_T);
	ok = term_wait(&t, "^T: kernel.task_delayacct = 1, measuring anew", WAIT_MS);
	term_settle(&t, 100);
	ok = ok && !banner() && read_sysctl("kernel/task_delayacct") == 1;
	if (!ok)
		vt_dump("after ^T");
	ksft_test_result(ok, "^T as root: task_delayacct = 1, said on the status line, banner gone\n");

	/* a measured round under accounting: no banner either */
	ok = term_wait(&t, " COMM ", WAIT_MS);
	term_settle(&t, 100);
	ok = ok && !banner();
	if (!ok)
		vt_dump("a round after ^T");
	ksft_test_result(ok, "the next round has no banner\n");

	term_keys(&t, CTRL_T);
	ok = term_wait(&t, "^T: kernel.task_delayacct = 0, cpu only", WAIT_MS) &&
	     term_wait(&t, BANNER, WAIT_MS);
	term_settle(&t, 100);
	ok = ok && read_sysctl("kernel/task_delayacct") == 0;
	if (!ok)
		vt_dump("after a second ^T");
	ksft_test_result(ok, "^T again: task_delayacct = 0 and the banner is back\n");
	ksft_test_result(stop(&t) == 0, "q after ^T exits 0\n");
}

/*
 * Become nobody keeping CAP_NET_ADMIN (ambient, so the client gets it):
 * TASKSTATS answers, /proc/sys/kernel/task_delayacct stays root's.
 */
static int become_netadmin_nobody(void)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2] = { { 0 } };

	d[0].effective = d[0].permitted = d[0].inheritable =
		1U << CAP_NET_ADMIN;
	if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) || setgroups(0, NULL) ||
	    setresgid(65534, 65534, 65534) || setresuid(65534, 65534, 65534) ||
	    syscall(SYS_capset, &h, d) ||
	    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_NET_ADMIN, 0, 0)) {
		ksft_print_msg("nobody with CAP_NET_ADMIN: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

static void test_not_permitted(void)
{
	char *const argv[] = { td_client(), "-T", "-i", "500", NULL };
	long before = read_sysctl("kernel/task_delayacct");
	char closed[PATH_MAX];
	struct term t;
	bool ok;

	if (!can_run_as(td_client(), 65534, 65534, closed, sizeof(closed))) {
		ksft_test_result_skip("^T not as root: nobody cannot enter %s\n",
				      closed);
		ksft_test_result_skip("q exits 0: nobody cannot enter %s\n",
				      closed);
		return;
	}
	if (become_netadmin_nobody()) {
		ksft_test_result_fail("^T as nobody: cannot drop root\n");
		return;
	}
	vt_reset(ROWS, COLS);
	if (term_start(&t, argv))
		ksft_exit_fail_msg("forkpty: %s\n", strerror(errno));
	ok = term_wait(&t, " COMM ", WAIT_MS);
	term_settle(&t, 100);
	if (!ok)
		vt_dump("as nobody with CAP_NET_ADMIN");
	term_keys(&t, CTRL_T);
	ok = ok && term_wait(&t, "^T: not permitted: kernel.task_delayacct is root's",
			     WAIT_MS);
	term_settle(&t, 100);
	ok = ok && read_sysctl("kernel/task_delayacct") == before &&
	     banner() == (before == 0);
	if (!ok)
		vt_dump("^T as nobody");
	ksft_test_result(ok, "^T not as root: 'not permitted', task_delayacct stays %ld\n",
			 before);
	ksft_test_result(stop(&t) == 0, "q exits 0\n");
}

int main(void)
{
	long orig;

	ksft_print_header();
	if (access("/dev/ptmx", R_OK | W_OK))
		ksft_exit_fail_msg("/dev/ptmx: %s\n", strerror(errno));
	ksft_set_plan(td_on_host() ? 2 : 7);
	if (!td_on_host()) {
		orig = read_sysctl("kernel/task_delayacct");
		test_root();
		set_delayacct(orig == 1);
	}
	test_not_permitted();
	ksft_finished();
}
