// SPDX-License-Identifier: GPL-2.0
/*
 * The views of taskdelays -T: -H shows the threads of a process, -s
 * orders by one delay type, -J prints one JSON object per round, the
 * text view has PSI rows whose numbers show CPU pressure (CONFIG_PSI)
 * and marks processes with untracked threads.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"

#define CLIENT "/usr/bin/taskdelays"

static char out[65536];

static void *spinner(void *arg)
{
	(void)arg;
	spin_ms(4000);
	return NULL;
}

/* Three threads that all want a CPU, on two vCPUs */
static void three_threads(void *arg)
{
	pthread_t t[2];
	int i;

	(void)arg;
	for (i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, spinner, NULL);
	spinner(NULL);
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
}

/* Long enough to outlast the wait for PSI and a round; killed after */
static void busy(void *arg)
{
	(void)arg;
	spin_ms(10000);
}

/* The rows of the table: id, tgid, comm, mark, TOTAL% and CPU% */
struct row_tc {
	int id, tgid;
	char comm[16], mark;
	double total, cpu;
};

static int rows(const char *text, struct row_tc *r, int max)
{
	static struct row tr[256];
	struct table t;
	int n, i;

	n = table_parse(text, &t, tr, max < 256 ? max : 256);
	for (i = 0; i < n; i++) {
		r[i].id = tr[i].id;
		r[i].tgid = tr[i].tgid;
		memcpy(r[i].comm, tr[i].comm, sizeof(r[i].comm));
		r[i].mark = tr[i].mark;
		r[i].total = table_val(&t, &tr[i], "TOTAL%", -1);
		r[i].cpu = table_val(&t, &tr[i], "CPU%", -1);
	}
	return n < 0 ? 0 : n;
}

static void test_threads(void)
{
	char *const argv[] = { CLIENT, "-T", "-H", "-i", "1000", "-n", "1",
			 "-N", "1000", NULL };
	struct child c = { 0 };
	struct row_tc r[256];
	int n, i, mine = 0, rc;

	fork_child(&c, three_threads, NULL);
	start_child(&c);
	usleep(300000);	/* the threads exist before the first sample */
	rc = run_capture(argv, 0, 0, out, sizeof(out));
	n = rows(out, r, 256);
	for (i = 0; i < n; i++)
		mine += r[i].tgid == c.pid && r[i].cpu > 0;
	if (rc || mine != 3)
		print_diag_lines("taskdelays -T -H", out);
	ksft_test_result(!rc && strstr(out, "threads,") && mine == 3,
			 "-H shows the three CPU-starved threads of one process (%d rows)\n",
			 n);
	kill_child(&c);
}

/* "some avg10=" of /proc/pressure/@res, or -1 */
static double psi_avg10(const char *res)
{
	char path[64], line[256];
	double v = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/pressure/%s", res);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "some avg10=%lf", &v) == 1)
			break;
	fclose(f);
	return v;
}

/*
 * The PSI rows of the head: cpu's some and full averages are
 * percentages, some avg10 above 0 while more tasks want a CPU than
 * there are; memory and io have rows too, and irq is n/a exactly when
 * the kernel has no /proc/pressure/irq (CONFIG_IRQ_TIME_ACCOUNTING).
 */
static bool psi_rows_ok(const char *text)
{
	const char *title = strstr(text, "\nPSI %   some  avg10  avg60 avg300");
	const char *cpu = title ? strstr(title, "\ncpu ") : NULL;
	const char *irq = title ? strstr(title, "\nirq ") : NULL;
	double s[3], f[3], st, ft;
	bool irq_na;
	int i;

	if (!cpu || sscanf(cpu, "\ncpu %lf %lf %lf %lfs %lf %lf %lf %lfs",
			   &s[0], &s[1], &s[2], &st, &f[0], &f[1], &f[2],
			   &ft) != 8) {
		ksft_print_msg("no PSI title and cpu row with eight numbers\n");
		return false;
	}
	ksft_print_msg("PSI cpu: some %.2f %.2f %.2f %.1fs full %.2f %.2f %.2f %.1fs\n",
		       s[0], s[1], s[2], st, f[0], f[1], f[2], ft);
	for (i = 0; i < 3; i++)
		if (s[i] < 0 || s[i] > 100 || f[i] < 0 || f[i] > 100)
			return false;
	if (!strstr(title, "\nmemory ") || !strstr(title, "\nio ") || !irq) {
		ksft_print_msg("no memory, io or irq row\n");
		return false;
	}
	irq_na = !strncmp(irq + strspn(irq + 4, " ") + 4, "n/a", 3);
	if (irq_na != !!access("/proc/pressure/irq", F_OK)) {
		ksft_print_msg("irq row n/a: %d, /proc/pressure/irq missing: %d\n",
			       irq_na, !!access("/proc/pressure/irq", F_OK));
		return false;
	}
	return s[0] > 0 && st > 0;
}

static void test_sort_psi(void)
{
	char *const argv[] = { CLIENT, "-T", "-s", "cpu", "-i", "1000", "-n",
			 "1", "-N", "1000", NULL };
	struct child c[3] = { { 0 } };
	struct row_tc r[256];
	int n, i, sorted = 1, rc;

	uint64_t t0;
	double psi;

	for (i = 0; i < 3; i++) {
		fork_child(&c[i], busy, NULL);
		start_child(&c[i]);
	}
	/* avg10 is updated every 2 s: wait until the kernel shows the hogs */
	t0 = now_ns();
	while ((psi = psi_avg10("cpu")) <= 0 && now_ns() - t0 < 3500000000ULL)
		usleep(100000);
	ksft_print_msg("/proc/pressure/cpu some avg10=%.2f after %llu ms\n", psi,
		       (unsigned long long)((now_ns() - t0) / 1000000));
	rc = run_capture(argv, 0, 0, out, sizeof(out));
	n = rows(out, r, 256);
	for (i = 1; i < n; i++)
		sorted &= r[i - 1].cpu >= r[i].cpu;
	if (rc || n < 3 || !sorted)
		print_diag_lines("taskdelays -T -s cpu", out);
	ksft_test_result(!rc && n >= 3 && sorted && r[0].cpu > 0 &&
			 strstr(out, "by cpu:"),
			 "-s cpu orders rows by cpu delay (top %.2f%%)\n",
			 n ? r[0].cpu : 0.0);
	ksft_test_result(!rc && psi > 0 && psi_rows_ok(out),
			 "the PSI rows show the CPU pressure of three hogs on two vCPUs\n");
	for (i = 0; i < 3; i++)
		kill_child(&c[i]);
}

static void test_json(void)
{
	char *const argv[] = { CLIENT, "-T", "-J", "-i", "300", "-n", "2",
			 "-N", "1000", NULL };
	char want[64], *line, *save, *psi;
	struct child c = { 0 };
	int rc, objects = 0, found = 0;
	double a10, a60, a300;

	fork_child(&c, busy, NULL);
	start_child(&c);
	rc = run_capture(argv, 0, 0, out, sizeof(out));
	snprintf(want, sizeof(want), "{\"id\":%d,\"tgid\":%d,\"comm\":\"", c.pid,
		 c.pid);
	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		size_t len = strlen(line);

		objects += line[0] == '{' && line[len - 1] == '}' &&
			   strstr(line, "\"tasks\":[") &&
			   strstr(line, "\"interval_ms\":");
		found += strstr(line, want) != NULL;
	}
	ksft_test_result(!rc && objects == 2 && found == 2,
			 "-J prints one object per round, naming the task (%d, %d)\n",
			 objects, found);
	psi = strstr(out, "\"psi\":{\"cpu\":{\"some\":{\"avg10\":");
	ksft_test_result(psi && sscanf(psi, "\"psi\":{\"cpu\":{\"some\":{\"avg10\":%lf,\"avg60\":%lf,\"avg300\":%lf,",
				       &a10, &a60, &a300) == 3 &&
			 strstr(psi, "},\"memory\":{\"some\":{\"avg10\":") &&
			 strstr(psi, "},\"io\":{\"some\":{\"avg10\":") &&
			 strstr(psi, access("/proc/pressure/irq", F_OK) ?
				"},\"irq\":null}" : "},\"irq\":{\"some\":null,\"full\":{"),
			 "-J gives cpu's, memory's and io's PSI, irq's as the kernel has it\n");
	kill_child(&c);
}

static void test_untracked_mark(void)
{
	char *const argv[] = { CLIENT, "-T", "-i", "300", "-n", "1", "-N",
			 "1000", NULL };
	struct child off = { 0 }, on = { 0 };
	struct row_tc r[256];
	int n, i, rc;
	char m_off = '?', m_on = '?';

	set_delayacct(false);
	fork_child(&off, busy, NULL);
	start_child(&off);
	rc = run_capture(argv, 0, 0, out, sizeof(out));
	set_delayacct(true);
	fork_child(&on, busy, NULL);
	start_child(&on);
	n = rows(out, r, 256);
	for (i = 0; i < n; i++)
		if (r[i].id == off.pid)
			m_off = r[i].mark;
	rc = rc ?: run_capture(argv, 0, 0, out, sizeof(out));
	n = rows(out, r, 256);
	for (i = 0; i < n; i++)
		if (r[i].id == on.pid)
			m_on = r[i].mark;
	ksft_test_result(!rc && m_off == '*' && m_on == ' ',
			 "'*' marks a process forked while off, not one forked while on\n");
	kill_child(&off);
	kill_child(&on);
}

int main(void)
{
	ksft_print_header();
	if (access(CLIENT, X_OK))
		ksft_exit_fail_msg("%s: missing\n", CLIENT);
	ksft_set_plan(6);
	set_delayacct(true);
	test_threads();
	test_sort_psi();
	test_json();
	test_untracked_mark();
	ksft_finished();
}
