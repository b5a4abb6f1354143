/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A vt100 screen model and a pseudo-terminal to run a program on, for
 * the tests of taskdelays -T on a terminal.  One screen at a time.
 */
#ifndef TD_VT100_H
#define TD_VT100_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define VT_MAX_ROWS 64
#define VT_MAX_COLS 256

/* Cursor keys as a vt100 in keypad transmit mode sends them */
#define VT_KEY_UP "\033OA"
#define VT_KEY_DOWN "\033OB"

/* Clear the screen and make it @rows x @cols (at most the MAX above) */
void vt_reset(int rows, int cols);
/* Feed one byte the program wrote */
void vt_put(unsigned char ch);
/* The line that contains @s, or -1 */
int vt_find(const char *s);
/* Line @i, @cols characters */
const char *vt_line(int i);
/* The screen, each line without trailing blanks and ended by '\n' */
const char *vt_text(void);
/* Print the screen as "# " lines */
void vt_dump(const char *why);
/* Whether any escape sequence came, and how many bytes */
bool vt_esc_seen(void);
/* Whether a colour came (SGR 30-49 or 90-107), not only bold or reverse */
bool vt_colour_seen(void);
size_t vt_bytes(void);

struct term {
	int fd;			/* master side */
	pid_t pid;
	bool eof;
};

/* TERM of the programs term_start() runs from now on (default vt100) */
void term_type(const char *name);
/*
 * Run @argv on a new pseudo-terminal the size of the screen, with
 * TERM=vt100 or term_type()'s.  Returns 0 or -1.
 */
int term_start(struct term *t, char *const argv[]);
/* Feed the screen until @want is on it (NULL: until EOF) or @ms pass */
bool term_wait(struct term *t, const char *want, int ms);
/*
 * What was asked for is on the screen, perhaps halfway through a redraw:
 * read on until the client has written nothing for @quiet_ms.
 */
void term_settle(struct term *t, int quiet_ms);
/* Type @keys */
void term_keys(struct term *t, const char *keys);
/*
 * Read until the program ends, up to @ms, then kill it; returns its
 * wait status.  Closes the terminal.
 */
int term_stop(struct term *t, int ms);

#endif /* TD_VT100_H */
