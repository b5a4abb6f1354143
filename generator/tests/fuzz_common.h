/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared helpers for the libFuzzer targets: feed the input through the
 * real line reader via a memfd, then run the rest of the pipeline.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "p2l.h"

static inline int fuzz_fd(const uint8_t *data, size_t size)
{
	int fd = memfd_create("fuzz", 0);

	if (fd < 0)
		abort();
	if (size && write(fd, data, size) != (ssize_t)size)
		abort();
	if (lseek(fd, 0, SEEK_SET))
		abort();
	return fd;
}

/* Sort and format everything in the table, as main() does. */
static inline void fuzz_emit(struct p2l_tab *t)
{
	uint64_t *item, *tmp, *sorted;
	char line[P2L_OUT_MAX];
	uint32_t i, n;

	p2l_tab_end(t, 1);
	p2l_tab_finish(t);
	n = p2l_tab_count(t);
	item = malloc((n + 1) * sizeof(*item));
	tmp = malloc((n + 1) * sizeof(*tmp));
	if (!item || !tmp)
		abort();
	for (i = 0; i < n; i++)
		item[i] = (uint64_t)p2l_key(p2l_tab_score(t, i)) << 32 | i;
	sorted = p2l_radix_sort(item, tmp, n);
	for (i = 0; i < n; i++) {
		size_t len;
		const char *name = p2l_tab_name(t, (uint32_t)sorted[i], &len);

		if (p2l_name_check(name, len))
			abort();	/* only valid names get in */
		if (p2l_format_line(line, name, len) > sizeof(line))
			abort();
		if (i && (sorted[i] >> 32) < (sorted[i - 1] >> 32))
			abort();	/* hottest first */
	}
	free(item);
	free(tmp);
}

/* A table for one input; skipped lines are not reported. */
static inline struct p2l_tab *fuzz_tab(void)
{
	struct p2l_tab *t = p2l_tab_new(1);

	if (!t)
		abort();
	p2l_quiet = 1;
	return t;
}

/*
 * Read the input as one profile with the line parser @fn, whose @ctx
 * adds to @t; list and free @t.
 */
static inline void fuzz_profile(const uint8_t *data, size_t size,
				struct p2l_tab *t, p2l_line_fn fn, void *ctx)
{
	int fd = fuzz_fd(data, size);

	p2l_tab_begin(t, 0);
	if (p2l_read_lines(fd, "fuzz", NULL, 0, fn, ctx))
		abort();
	close(fd);
	fuzz_emit(t);
	p2l_tab_free(t);
}

#endif /* FUZZ_COMMON_H */
