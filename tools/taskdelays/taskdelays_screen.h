/* SPDX-License-Identifier: GPL-2.0 */
/* The terminal of the interactive top view, on curses */
#ifndef TASKDELAYS_SCREEN_H
#define TASKDELAYS_SCREEN_H

#include <stdbool.h>

/* Take over the terminal; returns 0, or -1 after saying why on stderr */
int td_screen_open(void);
/* Give the terminal back as it was */
void td_screen_close(void);
/*
 * Show @text (lines of the text view) with @status on the last line;
 * @full draws every character again instead of only what changed.
 */
void td_screen_show(const char *text, const char *status, bool full);
/* Lines and columns of the terminal */
void td_screen_size(unsigned int *lines, unsigned int *cols);
/*
 * Wait up to @timeout_ms for a key; returns it (a character or a curses
 * KEY_* code) or -1 when none came or a signal cut the wait short.
 */
int td_screen_key(int timeout_ms);

#endif /* TASKDELAYS_SCREEN_H */
