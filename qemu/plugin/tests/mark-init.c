// SPDX-License-Identifier: GPL-2.0
/*
 * mark-init - /init of test-boot.sh's region boot: three region marks
 * for the kernel-fetch plugin with kernel work between them, then a
 * reboot, which ends QEMU under -no-reboot.  Region 1 holds 1,000
 * getppid() calls, region 2 none.
 */
#include <sys/reboot.h>
#include <unistd.h>

static void mark_region(void)
{
	__asm__ __volatile__("xchg %%bx, %%bx" ::: "memory");
}

int main(void)
{
	int i;

	mark_region();
	for (i = 0; i < 1000; i++)
		getppid();
	mark_region();
	mark_region();
	sync();
	reboot(RB_AUTOBOOT);	/* -no-reboot makes QEMU exit */
	return 1;
}
