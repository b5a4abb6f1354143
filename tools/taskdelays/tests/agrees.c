// SPDX-License-Identifier: GPL-2.0
/*
 * The TASKSTATS client and /proc/<pid>/delays report the same numbers for
 * the same (stopped, so unchanging) task; -c reports a command's exit
 * record, which matches what the command last read about itself;
 * the client says so when delay accounting is off.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kselftest.h"
#include "delays_util.h"

#define CLIENT "/usr/bin/taskdelays"

/*
 * O_DIRECT reads until this task has a blkio delay: not every read sleeps
 * under TCG (see handwritten/delays/tests/blkio.c).
 */
static int io_until_delayed(struct delays *self)
{
	int fd = open("/dev/vda", O_RDONLY | O_DIRECT), i, err = -1;
	void *buf;

	if (fd < 0 || posix_memalign(&buf, 4096, 65536))
		return -1;
	for (i = 0; i < 4000; i++) {
		if (pread(fd, buf, 65536, (off_t)(i % 1000) * 65536) < 0)
			break;
		err = read_delays(getpid(), 0, self);
		if (err || self->count[D_BLKIO])
			break;
	}
	close(fd);
	return err || !self->count[D_BLKIO] ? -1 : 0;
}

static void work(void *arg)
{
	struct delays self;

	(void)arg;
	spin_ms(100);
	io_until_delayed(&self);
}

/* Command for taskdelays -c: delayed I/O, then print what /proc says */
static int io_command(void)
{
	struct delays self;
	int i;

	if (io_until_delayed(&self))
		return 1;
	for (i = 0; i < D_NR; i++)
		printf("self %s: %llu %llu\n", d_names[i],
		       (unsigned long long)self.count[i],
		       (unsigned long long)self.total[i]);
	return 0;
}

static void test_agree(void)
{
	struct delays proc, tproc, cl;
	struct child c = { 0 };
	char out[4096], pid[16];
	char *const argp[] = { CLIENT, "-r", "-p", pid, NULL };
	char *const argt[] = { CLIENT, "-r", "-t", pid, NULL };
	int err, rc;

	err = fork_child(&c, work, NULL);
	if (!err) {
		start_child(&c);
		err = wait_stopped(&c);
	}
	snprintf(pid, sizeof(pid), "%d", c.pid);
	err = err ?: read_delays(c.pid, 0, &proc);
	err = err ?: read_delays(c.pid, c.pid, &tproc);

	rc = run_capture(argp, 0, 0, out, sizeof(out));
	if (rc)
		print_diag_lines("taskdelays -p", out);
	ksft_test_result(!err && !rc && !parse_client_delays(out, &cl) &&
			 delays_equal(&cl, "taskdelays -p", &proc, "/proc") &&
			 delays_equal(&tproc, "/proc task", &proc, "/proc"),
			 "taskdelays -p and /proc/<pid>/delays agree\n");
	ksft_print_msg("cpu %llu %llu blkio %llu %llu\n",
		       (unsigned long long)proc.count[D_CPU],
		       (unsigned long long)proc.total[D_CPU],
		       (unsigned long long)proc.count[D_BLKIO],
		       (unsigned long long)proc.total[D_BLKIO]);
	ksft_test_result(!err && proc.count[D_CPU] > 0 && proc.count[D_BLKIO] > 0,
			 "the compared task has cpu and blkio delays\n");

	rc = run_capture(argt, 0, 0, out, sizeof(out));
	ksft_test_result(!err && !rc && !parse_client_delays(out, &cl) &&
			 delays_equal(&cl, "taskdelays -t", &proc, "/proc"),
			 "taskdelays -t and /proc/<pid>/delays agree\n");
	kill_child(&c);
}

static void test_command(const char *self_path)
{
	char *const argv[] = { CLIENT, "-r", "-c", (char *)self_path, "--io", NULL };
	struct delays cl, self;
	char out[4096], comm[32], *p;
	const char *base = strrchr(self_path, '/');
	int rc, err;

	/* the exit record names the command by its comm: 15 characters */
	snprintf(comm, sizeof(comm), "(%.15s)", base ? base + 1 : self_path);

	rc = run_capture(argv, 0, 0, out, sizeof(out));
	err = rc || parse_client_delays(out, &cl);
	/* the command's own last reading, "self <type>: ..." lines */
	p = strstr(out, "self blkio: ");
	memset(&self, 0, sizeof(self));
	if (!p || sscanf(p, "self blkio: %llu %llu",
			 (unsigned long long *)&self.count[D_BLKIO],
			 (unsigned long long *)&self.total[D_BLKIO]) != 2)
		err = 1;
	if (err)
		print_diag_lines("taskdelays -c", out);
	ksft_test_result(!err && strstr(out, comm) &&
			 cl.count[D_CPU] > 0 && cl.count[D_BLKIO] > 0,
			 "taskdelays -c reports the command's exit record\n");
	ksft_test_result(!err && cl.count[D_BLKIO] == self.count[D_BLKIO] &&
			 cl.total[D_BLKIO] == self.total[D_BLKIO],
			 "its blkio matches the command's last /proc/self/delays (%llu %llu)\n",
			 (unsigned long long)cl.count[D_BLKIO],
			 (unsigned long long)cl.total[D_BLKIO]);
}

static void test_off_message(void)
{
	char *const argv[] = { CLIENT, "-p", "1", NULL };
	char out[4096];
	int rc;

	set_delayacct(false);
	rc = run_capture(argv, 0, 0, out, sizeof(out));
	set_delayacct(true);
	ksft_test_result(rc == 0 && strstr(out, "delay accounting is off"),
			 "the client says when delay accounting is off\n");
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "--io"))
		return io_command();

	ksft_print_header();
	if (access(CLIENT, X_OK))
		ksft_exit_fail_msg("%s: missing\n", CLIENT);
	ksft_set_plan(6);
	set_delayacct(true);
	test_agree();
	test_command(argv[0]);
	test_off_message();
	ksft_finished();
}
