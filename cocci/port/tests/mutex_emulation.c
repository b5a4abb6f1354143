#include <linux/semaphore.h>

static DECLARE_MUTEX(a_lock);
DECLARE_MUTEX(b_lock);

struct s {
	struct semaphore sem;
};

static void init(struct s *p, struct semaphore *q)
{
	init_MUTEX(&p->sem);
	init_MUTEX_LOCKED(q);
	down(&a_lock);
	up(&a_lock);
}
