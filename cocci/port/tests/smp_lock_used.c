#include <linux/smp_lock.h>

static void f(void)
{
	lock_kernel();
	unlock_kernel();
}
