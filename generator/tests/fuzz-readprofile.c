// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: readprofile(1) output parser. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct p2l_rp rp = { .tab = fuzz_tab() };

	fuzz_profile(data, size, rp.tab, p2l_rp_line, &rp);
	return 0;
}
