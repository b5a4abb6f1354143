// SPDX-License-Identifier: GPL-2.0
/*
 * reorder-text-align - is the kernel text where one large page can map it?
 *
 * Function reordering only pays when the hot functions share one 2 MiB
 * iTLB entry, which needs the text to start on a 2 MiB boundary, both
 * virtually (_text in /proc/kallsyms) and physically ("Kernel code" in
 * /proc/iomem).  Also reports how many 2 MiB pages .text spans and, on
 * a CONFIG_FUNCTION_REORDER kernel, where the listed functions lie.
 * Addresses are only shown to root; run as root.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kselftest.h"

#define SZ_4K	0x1000ULL
#define SZ_2M	0x200000ULL

struct syms {
	uint64_t text, etext, reorder_start, reorder_end;
};

/* Pick the few symbols we need out of /proc/kallsyms. */
static int read_kallsyms(struct syms *s)
{
	char line[512], name[256], type;
	unsigned long long addr;
	FILE *f = fopen("/proc/kallsyms", "r");

	if (!f)
		return -1;
	memset(s, 0, sizeof(*s));
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %255s", &addr, &type, name) != 3)
			continue;
		if (!strcmp(name, "_text"))
			s->text = addr;
		else if (!strcmp(name, "_etext"))
			s->etext = addr;
		else if (!strcmp(name, "__reorder_text_start"))
			s->reorder_start = addr;
		else if (!strcmp(name, "__reorder_text_end"))
			s->reorder_end = addr;
	}
	fclose(f);
	return 0;
}

/* Physical start of "Kernel code" in /proc/iomem, 0 if not found. */
static uint64_t kernel_code_phys(void)
{
	char line[256];
	unsigned long long start = 0, end;
	FILE *f = fopen("/proc/iomem", "r");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (strstr(line, "Kernel code") &&
		    sscanf(line, " %llx-%llx", &start, &end) == 2)
			break;
		start = 0;
	}
	fclose(f);
	return start;
}

static uint64_t pages_spanned(uint64_t start, uint64_t end, uint64_t size)
{
	if (end <= start)
		return 0;
	return (end - 1) / size - start / size + 1;
}

int main(void)
{
	struct syms s;
	uint64_t phys;

	ksft_print_header();
	ksft_set_plan(4);

	if (geteuid() != 0)
		ksft_exit_skip("needs root to see kernel addresses\n");
	if (read_kallsyms(&s) < 0)
		ksft_exit_fail_msg("cannot read /proc/kallsyms\n");

	if (!s.text || !s.etext || s.etext <= s.text) {
		ksft_test_result_fail("_text and _etext found in /proc/kallsyms\n");
		ksft_test_result_skip("_text is 2 MiB aligned\n");
	} else {
		ksft_test_result_pass("_text and _etext found in /proc/kallsyms\n");
		ksft_print_msg("_text 0x%" PRIx64 ", _etext 0x%" PRIx64 ", %" PRIu64 " KiB of text\n",
			       s.text, s.etext, (s.etext - s.text) / 1024);
		ksft_print_msg(".text spans %" PRIu64 " 2 MiB page(s) and %" PRIu64 " 4 KiB pages\n",
			       pages_spanned(s.text, s.etext, SZ_2M),
			       pages_spanned(s.text, s.etext, SZ_4K));
		ksft_test_result(!(s.text & (SZ_2M - 1)), "_text is 2 MiB aligned\n");
	}

	phys = kernel_code_phys();
	if (!phys)
		ksft_test_result_fail("Kernel code found in /proc/iomem\n");
	else
		ksft_print_msg("kernel code at physical 0x%" PRIx64 "\n", phys);
	if (phys)
		ksft_test_result(!(phys & (SZ_2M - 1)),
				 "kernel code is 2 MiB aligned physically\n");

	if (!s.reorder_start) {
		ksft_test_result_skip("listed functions lie in the first 2 MiB page (not a CONFIG_FUNCTION_REORDER kernel)\n");
	} else {
		ksft_print_msg("listed functions: %" PRIu64 " KiB at _text+0x%" PRIx64 "\n",
			       (s.reorder_end - s.reorder_start) / 1024,
			       s.reorder_start - s.text);
		ksft_test_result(pages_spanned(s.text, s.reorder_end, SZ_2M) == 1,
				 "listed functions lie in the first 2 MiB page\n");
	}

	if (ksft_get_fail_cnt())
		ksft_exit_fail();
	ksft_exit_pass();
}
