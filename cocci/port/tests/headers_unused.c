#include <linux/config.h>
#include <linux/module.h>
#include <linux/smp_lock.h>
#include <asm/semaphore.h>

static int f(void)
{
	return 0;
}
