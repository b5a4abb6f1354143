// SPDX-License-Identifier: GPL-2.0
/*
 * taskdelays -T on a terminal: driven through a pseudo-terminal, the
 * client draws with curses (TERM=vt100, from the initramfs' terminfo),
 * s re-sorts the rows by the next column (cpu), H switches to threads
 * and q quits with status 0.  What the client drew is read back through
 * a small vt100 screen model, so the rows compared are the rows a person
 * would see, whatever cursor movements curses chose to get there.
 * With -n 1 the same terminal gets plain text, no escape sequences.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "kselftest.h"
#include "delays_util.h"

#define CLIENT "/usr/bin/taskdelays"
#define ROWS 40
#define COLS 200
#define WAIT_MS 20000		/* a round of -i 500 under TCG, with margin */
#define QUIT_MS 5000

/* The vt100 screen the client draws on */
static struct screen {
	char c[ROWS][COLS + 1];
	int y, x, top, bot, sy, sx;
	/* escape sequence being parsed */
	int state, par[8], npar;
	size_t bytes;
	bool esc_seen;
} scr;

static void scr_reset(void)
{
	memset(&scr, 0, sizeof(scr));
	memset(scr.c, ' ', sizeof(scr.c));
	for (int i = 0; i < ROWS; i++)
		scr.c[i][COLS] = '\0';
	scr.bot = ROWS - 1;
}

static void scr_scroll(int top, int bot, int up)
{
	if (up) {
		memmove(scr.c[top], scr.c[top + 1], (bot - top) * (COLS + 1));
		memset(scr.c[bot], ' ', COLS);
	} else {
		memmove(scr.c[top + 1], scr.c[top], (bot - top) * (COLS + 1));
		memset(scr.c[top], ' ', COLS);
	}
}

static void scr_lf(void)
{
	if (scr.y == scr.bot)
		scr_scroll(scr.top, scr.bot, 1);
	else if (scr.y < ROWS - 1)
		scr.y++;
}

static int clamp(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static void scr_csi(char f)
{
	int p0 = scr.npar ? scr.par[0] : 0, n = p0 ? p0 : 1;

	switch (f) {
	case 'H':
	case 'f':
		scr.y = clamp((p0 ? p0 : 1) - 1, 0, ROWS - 1);
		scr.x = clamp((scr.npar > 1 && scr.par[1] ? scr.par[1] : 1) - 1,
			      0, COLS - 1);
		break;
	case 'A':
		scr.y = clamp(scr.y - n, 0, ROWS - 1);
		break;
	case 'B':
		scr.y = clamp(scr.y + n, 0, ROWS - 1);
		break;
	case 'C':
		scr.x = clamp(scr.x + n, 0, COLS - 1);
		break;
	case 'D':
		scr.x = clamp(scr.x - n, 0, COLS - 1);
		break;
	case 'K':	/* 0: to the end, 1: from the start, 2: all */
		if (p0 == 0)
			memset(&scr.c[scr.y][clamp(scr.x, 0, COLS)], ' ',
			       COLS - clamp(scr.x, 0, COLS));
		else if (p0 == 1)
			memset(scr.c[scr.y], ' ', clamp(scr.x + 1, 0, COLS));
		else
			memset(scr.c[scr.y], ' ', COLS);
		break;
	case 'J':
		for (int i = 0; i < ROWS; i++)
			if ((p0 == 0 && i > scr.y) || (p0 == 1 && i < scr.y) ||
			    p0 == 2)
				memset(scr.c[i], ' ', COLS);
		if (p0 == 0)
			memset(&scr.c[scr.y][clamp(scr.x, 0, COLS)], ' ',
			       COLS - clamp(scr.x, 0, COLS));
		break;
	case 'r':
		scr.top = clamp((p0 ? p0 : 1) - 1, 0, ROWS - 1);
		scr.bot = clamp((scr.npar > 1 && scr.par[1] ? scr.par[1] : ROWS) - 1,
				scr.top, ROWS - 1);
		scr.y = 0;
		scr.x = 0;
		break;
	}
	/* m (attributes), h and l (modes) change nothing we read */
}

static void scr_put(unsigned char ch)
{
	scr.bytes++;
	switch (scr.state) {
	case 1:		/* after ESC */
		scr.state = 0;
		switch (ch) {
		case '[':
			scr.state = 2;
			scr.npar = 0;
			memset(scr.par, 0, sizeof(scr.par));
			break;
		case '(':
		case ')':
			scr.state = 3;
			break;
		case 'M':
			if (scr.y == scr.top)
				scr_scroll(scr.top, scr.bot, 0);
			else if (scr.y > 0)
				scr.y--;
			break;
		case 'D':
			scr_lf();
			break;
		case 'E':
			scr.x = 0;
			scr_lf();
			break;
		case '7':
			scr.sy = scr.y;
			scr.sx = scr.x;
			break;
		case '8':
			scr.y = scr.sy;
			scr.x = scr.sx;
			break;
		}
		return;
	case 2:		/* CSI parameters */
		if (ch >= '0' && ch <= '9') {
			if (!scr.npar)
				scr.npar = 1;
			scr.par[scr.npar - 1] = scr.par[scr.npar - 1] * 10 + ch - '0';
		} else if (ch == ';') {
			if (!scr.npar)
				scr.npar = 1;
			if (scr.npar < 8)
				scr.npar++;
		} else if (ch >= 0x40 && ch <= 0x7e) {
			scr.state = 0;
			scr_csi(ch);
		}	/* '?' and other intermediates: ignored */
		return;
	case 3:		/* character set designation */
		scr.state = 0;
		return;
	}
	if (ch == 0x1b) {
		scr.esc_seen = true;
		scr.state = 1;
	} else if (ch == '\r') {
		scr.x = 0;
	} else if (ch == '\n') {
		scr_lf();
	} else if (ch == '\b') {
		if (scr.x > 0)
			scr.x--;
	} else if (ch == '\t') {
		scr.x = clamp((scr.x / 8 + 1) * 8, 0, COLS - 1);
	} else if (ch >= 0x20 && ch < 0x7f) {
		if (scr.x >= COLS) {	/* pending wrap (xenl) */
			scr.x = 0;
			scr_lf();
		}
		scr.c[scr.y][scr.x++] = ch;
	}
}

/* The line of the screen that contains @s, or -1 */
static int scr_find(const char *s)
{
	for (int i = 0; i < ROWS; i++)
		if (strstr(scr.c[i], s))
			return i;
	return -1;
}

static void scr_dump(const char *why)
{
	ksft_print_msg("screen %s (%zu bytes received):\n", why, scr.bytes);
	for (int i = 0; i < ROWS; i++) {
		int n = COLS;

		while (n > 0 && scr.c[i][n - 1] == ' ')
			n--;
		if (n)
			ksft_print_msg("|%.*s\n", n, scr.c[i]);
	}
}

struct term {
	int fd;			/* master side */
	pid_t pid;
	bool eof;
};

static int term_start(struct term *t, char *const argv[])
{
	struct winsize ws = { .ws_row = ROWS, .ws_col = COLS };

	fflush(NULL);
	t->eof = false;
	t->pid = forkpty(&t->fd, NULL, NULL, &ws);
	if (t->pid < 0)
		return -1;
	if (t->pid == 0) {
		setenv("TERM", "vt100", 1);
		execv(argv[0], argv);
		_exit(127);
	}
	return 0;
}

/* Feed the screen until @want is on it (NULL: until EOF) or @ms pass */
static bool term_wait(struct term *t, const char *want, int ms)
{
	uint64_t end = now_ns() + ms * 1000000ULL;
	unsigned char buf[4096];

	while (!(want && scr_find(want) >= 0)) {
		struct pollfd pfd = { .fd = t->fd, .events = POLLIN };
		int64_t left = (int64_t)(end - now_ns()) / 1000000;
		ssize_t n;

		if (t->eof || left <= 0)
			return false;
		if (poll(&pfd, 1, left) <= 0)
			continue;
		n = read(t->fd, buf, sizeof(buf));
		if (n <= 0) {	/* EIO: the client closed its side */
			t->eof = true;
			continue;
		}
		for (ssize_t i = 0; i < n; i++)
			scr_put(buf[i]);
	}
	return true;
}

/*
 * What was asked for is on the screen, perhaps halfway through a redraw:
 * read on until the client has written nothing for @quiet_ms.
 */
static void term_settle(struct term *t, int quiet_ms)
{
	unsigned char buf[4096];
	int rounds = 50;

	while (!t->eof && rounds--) {
		struct pollfd pfd = { .fd = t->fd, .events = POLLIN };
		ssize_t n;

		if (poll(&pfd, 1, quiet_ms) <= 0)
			return;
		n = read(t->fd, buf, sizeof(buf));
		if (n <= 0)
			t->eof = true;
		for (ssize_t i = 0; i < n; i++)
			scr_put(buf[i]);
	}
}

static void term_key(struct term *t, char key)
{
	if (write(t->fd, &key, 1) != 1)
		ksft_print_msg("write to the pty: %s\n", strerror(errno));
}

/*
 * The rows under the COMM header: how many, and whether their cpu%
 * column (the second number after COMM) never grows downwards.
 */
static int scr_rows(bool *sorted, double *top_cpu)
{
	int head = scr_find(" COMM "), n = 0;
	double prev = 1e9;

	*sorted = true;
	*top_cpu = 0;
	for (int i = head + 1; head >= 0 && i < ROWS; i++) {
		const char *line = scr.c[i];
		double total, cpu;
		int id, tgid;

		if (sscanf(line, "%d %d", &id, &tgid) != 2 ||
		    sscanf(line + 7 + 1 + 7 + 1 + 17, "%lf %lf", &total, &cpu) != 2)
			break;
		if (!n)
			*top_cpu = cpu;
		*sorted &= cpu <= prev;
		prev = cpu;
		n++;
	}
	return n;
}

static void busy(void *arg)
{
	(void)arg;
	spin_ms(60000);
}

static void test_keys(void)
{
	char *const argv[] = { CLIENT, "-T", "-i", "500", "-N", "30", NULL };
	struct child c[3] = { { 0 } };
	struct term t;
	bool ok, sorted;
	double top_cpu;
	uint64_t t0;
	int i, n, status = -1;

	/* three CPU hogs on two vCPUs: rows with cpu delay to sort */
	for (i = 0; i < 3; i++) {
		fork_child(&c[i], busy, NULL);
		start_child(&c[i]);
	}
	scr_reset();
	if (term_start(&t, argv))
		ksft_exit_fail_msg("forkpty: %s\n", strerror(errno));

	/* the column header comes with the first measured round */
	ok = term_wait(&t, " COMM ", WAIT_MS);
	term_settle(&t, 100);
	ok = ok && scr_find("by total:") >= 0 &&
	     scr_find("q quit") >= 0;
	if (!ok)
		scr_dump("without a first round");
	ksft_test_result(ok && scr.esc_seen,
			 "curses draws the first round and the help line on TERM=vt100\n");

	term_key(&t, 's');
	ok = term_wait(&t, "by cpu:", WAIT_MS);
	term_settle(&t, 100);
	n = scr_rows(&sorted, &top_cpu);
	if (!ok || n < 3 || !sorted)
		scr_dump("after s");
	ksft_test_result(ok && n >= 3 && sorted && top_cpu > 0,
			 "s sorts by the next column, cpu: %d rows in cpu order, top %.2f%%\n",
			 n, top_cpu);

	term_key(&t, 'H');
	/* first a baseline of the threads, then a round of them */
	ok = term_wait(&t, "    TID ", WAIT_MS);
	term_settle(&t, 100);
	ok = ok && scr_find(" threads, ") >= 0 &&
	     scr_find("by cpu:") >= 0;
	if (!ok)
		scr_dump("after H");
	ksft_test_result(ok, "H switches to the thread view, still by cpu\n");

	term_key(&t, 'q');
	t0 = now_ns();
	term_wait(&t, NULL, QUIT_MS);
	while (waitpid(t.pid, &status, WNOHANG) == 0 &&
	       now_ns() - t0 < QUIT_MS * 1000000ULL)
		usleep(10000);
	if (!WIFEXITED(status)) {
		kill(t.pid, SIGKILL);
		waitpid(t.pid, &status, 0);
	}
	ksft_test_result(WIFEXITED(status) && WEXITSTATUS(status) == 0,
			 "q ends it with status 0 within %d ms (%llu ms)\n", QUIT_MS,
			 (unsigned long long)((now_ns() - t0) / 1000000));
	close(t.fd);
	for (i = 0; i < 3; i++)
		kill_child(&c[i]);
}

/* -n N is batch mode even on a terminal: plain text, no curses */
static void test_batch_on_tty(void)
{
	char *const argv[] = { CLIENT, "-T", "-i", "300", "-n", "1", NULL };
	int status = -1;
	struct term t;

	scr_reset();
	if (term_start(&t, argv))
		ksft_exit_fail_msg("forkpty: %s\n", strerror(errno));
	term_wait(&t, NULL, WAIT_MS);
	waitpid(t.pid, &status, 0);
	close(t.fd);
	if (scr.esc_seen || scr_find("by total:") < 0)
		scr_dump("of -n 1");
	ksft_test_result(WIFEXITED(status) && !WEXITSTATUS(status) &&
			 !scr.esc_seen && scr_find("by total:") >= 0,
			 "-T -n 1 on a terminal prints plain text, no escape sequence\n");
}

int main(void)
{
	ksft_print_header();
	if (access(CLIENT, X_OK))
		ksft_exit_fail_msg("%s: missing\n", CLIENT);
	if (access("/dev/ptmx", R_OK | W_OK))
		ksft_exit_fail_msg("/dev/ptmx: %s (devpts mounted by /init?)\n",
				   strerror(errno));
	ksft_set_plan(5);
	set_delayacct(true);
	test_keys();
	test_batch_on_tty();
	ksft_finished();
}
