// SPDX-License-Identifier: GPL-2.0
/* libFuzzer target: the --objects file parser, lookup and patterns. */
#include "fuzz_common.h"

#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], pat[P2L_PATTERN_MAX];
	struct p2l_objs o;
	int fd = fuzz_fd(data, size);
	size_t i, k;

	/* the parser opens a path, as it does for the real file */
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	if (!p2l_objs_load(&o, path)) {
		for (i = 0; i < o.n; i++) {
			const struct p2l_obj *e = &o.v[i];
			const struct p2l_obj *f;

			if (i && strcmp(o.v[i - 1].name, e->name) > 0)
				abort();
			if (e->place >= o.nplaces)
				abort();
			if (p2l_obj_pattern(pat, e->obj) >= sizeof(pat))
				abort();
			f = p2l_objs_find(&o, e->name, strlen(e->name), &k);
			if (!f || !k || f > e || e >= f + k)
				abort();
		}
	}
	p2l_objs_free(&o);
	close(fd);
	return 0;
}
