// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: readprofile(1) output parser. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct p2l_tab t;
	struct p2l_rp rp = { .tab = &t };
	int fd = fuzz_fd(data, size);

	p2l_quiet = 1;
	if (p2l_tab_init(&t, 1))
		abort();
	p2l_tab_begin(&t, 0);
	if (p2l_read_lines(fd, "fuzz", NULL, 0, p2l_rp_line, &rp))
		abort();
	close(fd);
	fuzz_emit(&t);
	p2l_tab_free(&t);
	return 0;
}
