// SPDX-License-Identifier: GPL-2.0
/*
 * The bytes -T shows a task read and wrote are the bytes it made the
 * storage layer move: a child reads READ_N bytes with O_DIRECT and
 * dirties WRITE_N bytes of page cache (then syncs them) while
 * taskdelays -T -J -p CHILD samples it; the read_bytes and write_bytes
 * of its rounds add up to what it did, within one page each, and each
 * round's bytes per second is its bytes over its interval.  In the guest
 * the I/O goes to /dev/vda (the same bytes written back); on the build
 * host to a file in $TD_SCRATCH.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"

#define READ_N (512 * 1024)
#define WRITE_N (256 * 1024)
#define WRITE_AT (1024 * 1024)
#define SIZE (2 * 1024 * 1024)
#define PAGE 4096

static char path[4096];
static char *buf, *dbuf;	/* page aligned, for O_DIRECT */

/* The child's I/O: exactly READ_N read from the device, WRITE_N dirtied */
static void do_io(void *arg)
{
	int fd = open(path, O_RDONLY | O_DIRECT), wfd;

	(void)arg;
	if (fd < 0 || pread(fd, dbuf, READ_N, 0) != READ_N)
		_exit(2);
	close(fd);
	wfd = open(path, O_WRONLY);
	if (wfd < 0 || pwrite(wfd, buf, WRITE_N, WRITE_AT) != WRITE_N ||
	    fdatasync(wfd))
		_exit(3);
	close(wfd);
}

/*
 * The data: on the host a file written out; in the guest the device's
 * bytes where the child writes, so that it writes them back unchanged.
 */
static int prepare(void)
{
	const char *dir = getenv("TD_SCRATCH");
	int fd;

	if (!td_on_host()) {
		snprintf(path, sizeof(path), "/dev/vda");
	} else {
		snprintf(path, sizeof(path), "%s/io-rates.data",
			 dir ? dir : ".");
		int i;

		/* written out, not a hole: an O_DIRECT read of it does I/O */
		fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
		memset(dbuf, 'x', READ_N);
		for (i = 0; fd >= 0 && i < SIZE / READ_N; i++)
			if (write(fd, dbuf, READ_N) != READ_N)
				break;
		if (fd < 0 || i < SIZE / READ_N || fsync(fd))
			return -errno;
		/*
		 * Out of the page cache: the child's write makes new folios
		 * of its own size, where a large folio read in whole would
		 * count all its bytes as dirtied.
		 */
		posix_fadvise(fd, 0, SIZE, POSIX_FADV_DONTNEED);
		close(fd);
		memset(buf, 'y', WRITE_N);
		return 0;
	}
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -errno;
	/* the bytes written are the ones there: the disk stays as it was */
	if (pread(fd, buf, WRITE_N, WRITE_AT) != WRITE_N) {
		close(fd);
		return -EIO;
	}
	close(fd);
	return 0;
}

struct sum {
	unsigned long long read, write;
	int rounds, rates_ok;
};

static unsigned long long field(const char *p, const char *key, bool *ok)
{
	const char *q = strstr(p, key);
	unsigned long long v = 0;

	*ok = q && sscanf(q + strlen(key), "%llu", &v) == 1;
	return v;
}

/* Add up the child's bytes over the rounds in @line */
static void add_round(const char *line, struct sum *s)
{
	double ms, bps;
	unsigned long long r, w;
	const char *p = strstr(line, "\"interval_ms\":");
	bool ok_r, ok_w;

	if (!p || sscanf(p, "\"interval_ms\":%lf", &ms) != 1)
		return;
	p = strstr(line, "{\"id\":");
	if (!p)
		return;
	r = field(p, "\"read_bytes\":", &ok_r);
	w = field(p, "\"write_bytes\":", &ok_w);
	if (!ok_r || !ok_w)
		return;
	s->read += r;
	s->write += w;
	s->rounds++;
	p = strstr(p, "\"read_bps\":");
	if (p && sscanf(p, "\"read_bps\":%lf", &bps) == 1 &&
	    bps * ms / 1e3 > r - 1.0 && bps * ms / 1e3 < r + 1.0)
		s->rates_ok++;
}

int main(void)
{
	char arg[16], out[65536] = "";
	char *const argv[] = { td_client(), "-T", "-J", "-i", "500", "-n", "8",
			       "-p", arg, NULL };
	struct child c = { 0 };
	struct sum s = { 0 };
	size_t len = 0;
	bool started = false, stopped = false;
	char *line, *save;
	int fd, err, status;
	pid_t pid;

	td_begin();
	buf = aligned_alloc(PAGE, WRITE_N);
	dbuf = aligned_alloc(PAGE, READ_N);
	if (!buf || !dbuf)
		ksft_exit_fail_msg("out of memory\n");
	if (access("/proc/self/io", R_OK))
		ksft_exit_skip("/proc/self/io: no CONFIG_TASK_IO_ACCOUNTING\n");
	err = prepare();
	if (err)
		ksft_exit_skip("%s: %s\n", path, strerror(-err));
	ksft_set_plan(3);
	fork_child(&c, do_io, NULL);
	snprintf(arg, sizeof(arg), "%d", c.pid);
	pid = spawn_piped(argv, 0, 0, &fd);
	if (pid < 0)
		ksft_exit_fail_msg("cannot run %s\n", td_client());
	for (;;) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		ssize_t n;

		if (poll(&pfd, 1, 30000) <= 0)
			break;
		n = read(fd, out + len, sizeof(out) - len - 1);
		if (n <= 0)
			break;
		len += n;
		out[len] = '\0';
		/* the first round is out: the baseline is before the I/O */
		if (!started && strchr(out, '\n')) {
			start_child(&c);
			started = true;
			stopped = !wait_stopped(&c);
		}
	}
	close(fd);
	waitpid(pid, &status, 0);
	kill_child(&c);
	if (td_on_host())
		unlink(path);
	for (line = strtok_r(out, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save))
		add_round(line, &s);
	ksft_print_msg("%d rounds: read %llu bytes (did %d), wrote %llu (did %d)\n",
		       s.rounds, s.read, READ_N, s.write, WRITE_N);
	ksft_test_result(stopped && WIFEXITED(status) && !WEXITSTATUS(status) &&
			 s.read + PAGE > READ_N && s.read < READ_N + PAGE,
			 "read_bytes add up to the %d bytes read, within a page\n",
			 READ_N);
	ksft_test_result(stopped && s.write + PAGE > WRITE_N &&
			 s.write < WRITE_N + PAGE,
			 "write_bytes add up to the %d bytes written, within a page\n",
			 WRITE_N);
	ksft_test_result(s.rounds > 0 && s.rates_ok == s.rounds,
			 "read_bps is read_bytes over the interval in all %d rounds\n",
			 s.rounds);
	ksft_finished();
}
