// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: raw /proc/profile parser, against a fixed small map.
 * The input is the whole dump, step word first.
 */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char * const map_lines[] = {
	"ffffffff81000000 T _stext",
	"ffffffff81000000 T startup_64",
	"ffffffff81000040 t foo.isra.0",
	"ffffffff81000080 D some_data",
	"ffffffff810000c0 W weak_fn",
	"ffffffff81000100 t .L_bad",
	"ffffffff81000140 T bar",
	"ffffffff81000400 T _etext",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct p2l_src src = { .file = "map", .line = 0 };
	struct p2l_map m;
	struct p2l_pp pp = { .tab = fuzz_tab(), .map = &m, .file = "fuzz" };
	size_t i;

	p2l_map_init(&m);
	for (i = 0; i < ARRAY_SIZE(map_lines); i++)
		if (p2l_map_line(&m, map_lines[i], strlen(map_lines[i]), &src))
			abort();
	if (p2l_map_finish(&m))
		abort();
	p2l_tab_begin(pp.tab, 0);
	if (!p2l_pp_header(&pp, data, size)) {
		size_t body = (size - 4) & ~(size_t)3;
		size_t half = body / 8 * 4;

		/* in two chunks, as the reader hands them over */
		if (p2l_pp_buckets(&pp, data + 4, half) ||
		    p2l_pp_buckets(&pp, data + 4 + half, body - half))
			abort();
		p2l_pp_finish(&pp, 1);
	}
	fuzz_emit(pp.tab);
	p2l_tab_free(pp.tab);
	p2l_map_free(&m);
	return 0;
}
