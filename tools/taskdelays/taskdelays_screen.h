/* SPDX-License-Identifier: GPL-2.0 */
/* The terminal of the interactive top view, on curses */
#ifndef TASKDELAYS_SCREEN_H
#define TASKDELAYS_SCREEN_H

#include <stdbool.h>

/*
 * Take over the terminal, in colour where it has colours and NO_COLOR
 * is unset or empty (https://no-color.org); returns 0, or -1 after
 * saying why on stderr
 */
int td_screen_open(void);
/* Give the terminal back as it was */
void td_screen_close(void);
/*
 * Show @text (lines of the text view) with @status on the last line;
 * @full draws every character again instead of only what changed.
 * Line @title (-1: none) is the column titles; lines that start with
 * "! " are warnings.
 */
void td_screen_show(const char *text, int title, const char *status,
		    bool full);
/*
 * Show @text until a key is pressed or @stopped() returns true, then
 * return; the caller draws its screen again.
 */
void td_screen_page(const char *text, bool (*stopped)(void));
/*
 * Read a line into @buf (@len bytes, filled in from what it holds) on
 * the status line after @prompt: true on Enter, false on Esc or once
 * @stopped() returns true.
 */
bool td_screen_prompt(const char *prompt, char *buf, size_t len,
		      bool (*stopped)(void));
/* Lines and columns of the terminal */
void td_screen_size(unsigned int *lines, unsigned int *cols);
/*
 * Wait up to @timeout_ms for a key; returns it (a character or a curses
 * KEY_* code) or -1 when none came or a signal cut the wait short.
 */
int td_screen_key(int timeout_ms);

#endif /* TASKDELAYS_SCREEN_H */
