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
	uint32_t i;

	p2l_tab_end(t, 1);
	p2l_tab_drop_hash(t);
	item = malloc((t->n + 1) * sizeof(*item));
	tmp = malloc((t->n + 1) * sizeof(*tmp));
	if (!item || !tmp)
		abort();
	for (i = 0; i < t->n; i++)
		item[i] = (uint64_t)p2l_key(t->ent[i].val) << 32 | i;
	sorted = p2l_radix_sort(item, tmp, t->n);
	for (i = 0; i < t->n; i++) {
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

#endif /* FUZZ_COMMON_H */
