// SPDX-License-Identifier: GPL-2.0
/*
 * The interactive top view draws through curses (ncursesw), which knows
 * each terminal's capabilities from terminfo and sends only what changed
 * between two rounds.  Batch output never comes here.
 */
#define _GNU_SOURCE
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "taskdelays_screen.h"

static bool td_screen_on;

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

void td_screen_show(const char *text, const char *status, bool full)
{
	const char *line = text;
	int y = 0;

	erase();
	/* the last line is the status line; the text is cut to fit above */
	while (*line && y < LINES - 1) {
		const char *end = strchrnul(line, '\n');

		mvaddnstr(y++, 0, line, end - line < COLS ? end - line : COLS);
		line = *end ? end + 1 : end;
	}
	attron(A_REVERSE);
	mvaddnstr(LINES - 1, 0, status, COLS);
	attroff(A_REVERSE);
	if (full)
		clearok(curscr, TRUE);
	refresh();
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
