// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: perf report and perf script parser. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct p2l_perf pf = { .tab = fuzz_tab() };

	fuzz_profile(data, size, pf.tab, p2l_perf_line, &pf);
	return 0;
}
