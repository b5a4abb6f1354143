// SPDX-License-Identifier: GPL-2.0
/*
 * A small vt100 screen model for the tests that drive taskdelays -T
 * through a pseudo-terminal: what the client drew is read back as the
 * rows a person would see, whatever cursor movements curses chose to
 * get there.  See vt100.h.
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
#include "vt100.h"

#define ROWS scr.rows
#define COLS scr.cols

/* The vt100 screen the client draws on */
static struct screen {
	char c[VT_MAX_ROWS][VT_MAX_COLS + 1];
	int rows, cols;
	int y, x, top, bot, sy, sx;
	/* escape sequence being parsed */
	int state, par[8], npar;
	size_t bytes;
	bool esc_seen;
	bool colour_seen;	/* an SGR colour: 30-37, 39, 40-47, 49, 90-107 */
} scr;

/* What term_start() puts in TERM */
static const char *term_name = "vt100";

void vt_reset(int rows, int cols)
{
	memset(&scr, 0, sizeof(scr));
	scr.rows = rows;
	scr.cols = cols;
	for (int i = 0; i < ROWS; i++) {
		memset(scr.c[i], ' ', COLS);
		scr.c[i][COLS] = '\0';
	}
	scr.bot = ROWS - 1;
}

static void scr_scroll(int top, int bot, int up)
{
	if (up) {
		memmove(scr.c[top], scr.c[top + 1], (bot - top) * sizeof(scr.c[0]));
		memset(scr.c[bot], ' ', COLS);
	} else {
		memmove(scr.c[top + 1], scr.c[top], (bot - top) * sizeof(scr.c[0]));
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
	case 'm':
		for (int i = 0; i < scr.npar; i++)
			scr.colour_seen |= (scr.par[i] >= 30 && scr.par[i] <= 49) ||
					   (scr.par[i] >= 90 && scr.par[i] <= 107);
		break;
	}
	/* other attributes, h and l (modes) change nothing we read */
}

bool vt_colour_seen(void)
{
	return scr.colour_seen;
}

void term_type(const char *name)
{
	term_name = name;
}

void vt_put(unsigned char ch)
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

int vt_find(const char *s)
{
	for (int i = 0; i < ROWS; i++)
		if (strstr(scr.c[i], s))
			return i;
	return -1;
}

void vt_dump(const char *why)
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

int term_start(struct term *t, char *const argv[])
{
	struct winsize ws = { .ws_row = ROWS, .ws_col = COLS };

	fflush(NULL);
	t->eof = false;
	t->pid = forkpty(&t->fd, NULL, NULL, &ws);
	if (t->pid < 0)
		return -1;
	if (t->pid == 0) {
		setenv("TERM", term_name, 1);
		execv(argv[0], argv);
		_exit(127);
	}
	return 0;
}

bool term_wait(struct term *t, const char *want, int ms)
{
	uint64_t end = now_ns() + ms * 1000000ULL;
	unsigned char buf[4096];

	while (!(want && vt_find(want) >= 0)) {
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
			vt_put(buf[i]);
	}
	return true;
}

void term_settle(struct term *t, int quiet_ms)
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
			vt_put(buf[i]);
	}
}

void term_keys(struct term *t, const char *keys)
{
	size_t len = strlen(keys);

	if (write(t->fd, keys, len) != (ssize_t)len)
		ksft_print_msg("write to the pty: %s\n", strerror(errno));
}

const char *vt_line(int i)
{
	return i >= 0 && i < ROWS ? scr.c[i] : "";
}

const char *vt_text(void)
{
	static char text[VT_MAX_ROWS * (VT_MAX_COLS + 1) + 1];
	size_t len = 0;

	for (int i = 0; i < ROWS; i++) {
		int n = COLS;

		while (n > 0 && scr.c[i][n - 1] == ' ')
			n--;
		memcpy(text + len, scr.c[i], n);
		len += n;
		text[len++] = '\n';
	}
	text[len] = '\0';
	return text;
}

bool vt_esc_seen(void)
{
	return scr.esc_seen;
}

size_t vt_bytes(void)
{
	return scr.bytes;
}

int term_stop(struct term *t, int ms)
{
	uint64_t t0 = now_ns();
	int status = -1;

	term_wait(t, NULL, ms);
	while (waitpid(t->pid, &status, WNOHANG) == 0 &&
	       now_ns() - t0 < ms * 1000000ULL)
		usleep(10000);
	if (!WIFEXITED(status) && !WIFSIGNALED(status)) {
		kill(t->pid, SIGKILL);
		waitpid(t->pid, &status, 0);
	}
	close(t->fd);
	return status;
}

