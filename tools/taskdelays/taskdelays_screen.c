// SPDX-License-Identifier: GPL-2.0
/*
 * The interactive top view draws through curses (ncursesw), which knows
 * each terminal's capabilities from terminfo and sends only what changed
 * between two rounds.  Batch output never comes here, so it never gets
 * colour; the screen does where terminfo says the terminal has colours
 * and NO_COLOR (https://no-color.org) is unset or empty.
 */
#define _GNU_SOURCE
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taskdelays_screen.h"

static bool td_screen_on;

/* Colour pairs; without colours each is 0 and the attribute alone shows */
enum { TD_PAIR_TITLE = 1, TD_PAIR_WARN, TD_PAIR_STATUS };
static chtype td_attr_title = A_BOLD, td_attr_warn = A_BOLD,
	      td_attr_status = A_REVERSE;

static void td_screen_colours(void)
{
	const char *no = getenv("NO_COLOR");

	if ((no && *no) || !has_colors() || start_color() == ERR)
		return;
	/* the terminal's own background, where it can keep it */
	use_default_colors();
	init_pair(TD_PAIR_TITLE, COLOR_BLACK, COLOR_GREEN);
	init_pair(TD_PAIR_WARN, COLOR_RED, -1);
	init_pair(TD_PAIR_STATUS, COLOR_BLACK, COLOR_CYAN);
	td_attr_title = COLOR_PAIR(TD_PAIR_TITLE);
	td_attr_warn = COLOR_PAIR(TD_PAIR_WARN) | A_BOLD;
	td_attr_status = COLOR_PAIR(TD_PAIR_STATUS);
}

int td_screen_open(void)
{
	const char *term = getenv("TERM");

	/* newterm() reports a missing terminfo entry; initscr() exits */
	if (!term || !*term || !newterm(NULL, stdout, stdin)) {
		fprintf(stderr, "taskdelays: no terminfo entry for TERM=%s; use -n N for plain text\n",
			term ? term : "(unset)");
		return -1;
	}
	td_screen_on = true;
	td_screen_colours();
	/* Esc ends the prompt of / without a second's wait for a sequence */
	set_escdelay(100);
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	curs_set(0);
	/*
	 * Finish every screen even when a key is waiting: a round cut
	 * short by a key leaves rows of the last one on a slow terminal.
	 */
	typeahead(-1);
	return 0;
}

void td_screen_close(void)
{
	if (!td_screen_on)
		return;
	endwin();
	td_screen_on = false;
}

/* Draw @text from line 0, cut to the lines above the status line */
static void td_screen_text(const char *text, int title)
{
	const char *line = text;
	int y = 0;

	while (*line && y < LINES - 1) {
		const char *end = strchrnul(line, '\n');
		chtype attr = y == title ? td_attr_title :
			      !strncmp(line, "! ", 2) ? td_attr_warn : 0;

		attron(attr);
		mvaddnstr(y, 0, line, end - line < COLS ? end - line : COLS);
		/* the title bar spans the screen */
		if (y == title)
			hline(' ', COLS);
		attroff(attr);
		y++;
		line = *end ? end + 1 : end;
	}
}

static void td_screen_status(const char *status)
{
	attron(td_attr_status);
	mvaddnstr(LINES - 1, 0, status, COLS);
	attroff(td_attr_status);
}

void td_screen_show(const char *text, int title, const char *status,
		    bool full)
{
	erase();
	/* the last line is the status line; the text is cut to fit above */
	td_screen_text(text, title);
	td_screen_status(status);
	if (full)
		clearok(curscr, TRUE);
	refresh();
}

void td_screen_page(const char *text, bool (*stopped)(void))
{
	erase();
	td_screen_text(text, 0);
	td_screen_status("any key returns");
	refresh();
	while (td_screen_key(200) < 0 && !stopped())
		;
}

bool td_screen_prompt(const char *prompt, char *buf, size_t len,
		      bool (*stopped)(void))
{
	size_t n = strlen(buf);
	int ch;

	curs_set(1);
	for (;;) {
		move(LINES - 1, 0);
		clrtoeol();
		td_screen_status(prompt);
		addnstr(buf, COLS - (int)strlen(prompt) - 1);
		refresh();
		ch = td_screen_key(200);
		if (stopped() || ch == 27)
			break;
		if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
			curs_set(0);
			return true;
		}
		if ((ch == KEY_BACKSPACE || ch == 127 || ch == '\b') && n)
			buf[--n] = '\0';
		else if (ch >= ' ' && ch < 256 && ch != 127 && n + 1 < len) {
			buf[n++] = ch;
			buf[n] = '\0';
		}
	}
	curs_set(0);
	return false;
}

void td_screen_size(unsigned int *lines, unsigned int *cols)
{
	*lines = LINES > 0 ? LINES : 0;
	*cols = COLS > 0 ? COLS : 0;
}

int td_screen_key(int timeout_ms)
{
	int ch;

	timeout(timeout_ms);
	ch = getch();
	return ch == ERR ? -1 : ch;
}
