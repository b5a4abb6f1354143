// SPDX-License-Identifier: GPL-2.0
/*
 * Input: a buffered line reader that survives anything (binary garbage,
 * CRLF, no final newline, overlong lines) and format auto-detection.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "p2l.h"

#define BUF_SIZE	(1024 * 1024)

/* "-" is standard input. */
int p2l_open(const char *path)
{
	if (!strcmp(path, "-"))
		return 0;
	return open(path, O_RDONLY | O_CLOEXEC);
}

/* How diagnostics name the input @path. */
const char *p2l_display(const char *path)
{
	return strcmp(path, "-") ? path : "<stdin>";
}

ssize_t p2l_read_full(int fd, void *buf, size_t len)
{
	size_t got = 0;

	while (got < len) {
		ssize_t r = read(fd, (char *)buf + got, len - got);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (!r)
			break;
		got += r;
	}
	return got;
}

static int do_line(p2l_line_fn fn, void *ctx, const char *s, size_t len,
		   struct p2l_src *src)
{
	src->line++;
	if (len && s[len - 1] == '\r')
		len--;
	return fn(ctx, s, len, src);
}

/*
 * Call @fn for every line of @fd, the first @prelen bytes of which were
 * already read into @pre.  Return 0, or -1 on a read error or when @fn
 * returns a negative value.
 */
int p2l_read_lines(int fd, const char *path, const unsigned char *pre,
		   size_t prelen, p2l_line_fn fn, void *ctx)
{
	struct p2l_src src = { .file = path, .line = 0 };
	char *buf = malloc(BUF_SIZE);
	size_t pos = 0, end = 0;
	int discard = 0, eof = 0, ret = 0;

	if (!buf)
		return -1;
	if (prelen > BUF_SIZE)
		prelen = BUF_SIZE;
	if (prelen)
		memcpy(buf, pre, prelen);
	end = prelen;
	for (;;) {
		char *nl;

		while (pos < end && (nl = memchr(buf + pos, '\n', end - pos))) {
			size_t len = nl - (buf + pos);

			if (discard) {
				discard = 0;
				src.line++;
			} else if (len > P2L_LINE_MAX) {
				src.line++;
				p2l_skip(&src, "line too long", buf + pos, 16);
			} else if (do_line(fn, ctx, buf + pos, len, &src) < 0) {
				ret = -1;
				goto out;
			}
			pos += len + 1;
		}
		if (eof)
			break;
		if (end - pos > P2L_LINE_MAX) {
			if (!discard) {
				struct p2l_src s = src;

				s.line++;
				p2l_skip(&s, "line too long", buf + pos, 16);
			}
			discard = 1;
			pos = end;
		}
		memmove(buf, buf + pos, end - pos);
		end -= pos;
		pos = 0;
		{
			ssize_t r = p2l_read_full(fd, buf + end, BUF_SIZE - end);

			if (r < 0) {
				p2l_err("%s: read error: %s", path, strerror(errno));
				ret = -1;
				goto out;
			}
			if (r == 0)
				eof = 1;
			end += r;
		}
	}
	if (pos < end && !discard && do_line(fn, ctx, buf + pos, end - pos,
					     &src) < 0)
		ret = -1;
out:
	free(buf);
	return ret;
}

/*
 * Call @fn for every line of the file @path.  Return 0, or -1 when it
 * cannot be opened or read (with a message) or when @fn returns a
 * negative value.
 */
int p2l_read_file(const char *path, p2l_line_fn fn, void *ctx)
{
	int fd = p2l_open(path);
	int r;

	if (fd < 0) {
		p2l_err("cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	r = p2l_read_lines(fd, p2l_display(path), NULL, 0, fn, ctx);
	if (fd)
		close(fd);
	return r;
}

static int has_str(const unsigned char *s, size_t len, const char *pat)
{
	size_t n = strlen(pat);
	size_t i;

	for (i = 0; i + n <= len; i++)
		if (s[i] == pat[0] && !memcmp(s + i, pat, n))
			return 1;
	return 0;
}

/* Guess the format of a profile from its first bytes. */
enum p2l_format p2l_detect(const unsigned char *buf, size_t len)
{
	size_t i;

	if (len > 4096)
		len = 4096;
	for (i = 0; i < len; i++)
		if (!buf[i])
			return FMT_PROCPROFILE;
	if (has_str(buf, len, "[k] ") || has_str(buf, len, "[kernel.") ||
	    has_str(buf, len, "# Overhead") || has_str(buf, len, "# Samples") ||
	    has_str(buf, len, "([unknown])"))
		return FMT_PERF;
	return FMT_READPROFILE;
}
