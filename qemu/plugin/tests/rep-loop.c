// SPDX-License-Identifier: GPL-2.0
/*
 * rep-loop - the program test-rep.sh runs under qemu-x86_64 with the
 * kernel-fetch plugin: between two region marks it calls copy()
 * (rep-copy.S) 1,000 times, a "rep movsb" of argv[1] bytes each.  The
 * region's instructions are the same for any byte count; only the
 * iterations of rep movsb change.
 */
#include <stdlib.h>

#include "rep-copy.h"

#define CALLS	1000

char src[BYTES], dst[BYTES];

static void mark_region(void)
{
	__asm__ __volatile__("xchg %%bx, %%bx" ::: "memory");
}

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? strtoul(argv[1], NULL, 0) : 0;
	int i;

	if (n > BYTES)
		return 2;
	mark_region();
	for (i = 0; i < CALLS; i++)
		copy(n);
	mark_region();
	return 0;
}
