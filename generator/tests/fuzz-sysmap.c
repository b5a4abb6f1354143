// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: System.map / nm -S parser and address lookup. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct p2l_map m;
	int fd = fuzz_fd(data, size);
	size_t i;

	p2l_quiet = 1;
	p2l_map_init(&m);
	if (p2l_read_lines(fd, "fuzz", NULL, 0, p2l_map_line, &m))
		abort();
	close(fd);
	if (!p2l_map_finish(&m)) {
		for (i = 1; i < m.n; i++)
			if (m.sym[i].addr < m.sym[i - 1].addr)
				abort();
		for (i = 0; i < m.n; i++) {
			long k = p2l_map_lookup(&m, m.sym[i].addr);

			if (k < 0 || m.sym[k].addr != m.sym[i].addr)
				abort();
		}
	}
	p2l_map_free(&m);
	return 0;
}
