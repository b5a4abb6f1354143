// SPDX-License-Identifier: GPL-2.0
/*
 * threads - futex and thread churn: a pthread pool passing work
 *
 * A pool of WORKERS threads takes items from a queue guarded by a
 * mutex and condition variables (futex waits and wakes whenever a
 * thread finds the queue empty or the submitter waits for the pool).
 * Each step hands the pool ITEMS items, one at a time, waits until
 * all are done, and creates and joins one short-lived thread (clone,
 * exit, the join's futex wake).  Every item must be done once.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "unseen.h"

#define WORKERS		4
#define ITEMS		64

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t more = PTHREAD_COND_INITIALIZER;
static pthread_cond_t done_cond = PTHREAD_COND_INITIALIZER;
static pthread_t workers[WORKERS];
static unsigned long queued, taken, done, value, expected, spawned;
static int stopping;

static void *worker(void *arg)
{
	unsigned long item;

	(void)arg;
	pthread_mutex_lock(&lock);
	for (;;) {
		while (taken == queued && !stopping)
			pthread_cond_wait(&more, &lock);
		if (taken == queued)
			break;
		item = ++taken;
		pthread_mutex_unlock(&lock);
		item = item * 2654435761UL >> 7;
		pthread_mutex_lock(&lock);
		value += item;
		if (++done == queued)
			pthread_cond_signal(&done_cond);
	}
	pthread_mutex_unlock(&lock);
	return NULL;
}

static void *short_lived(void *arg)
{
	return arg;
}

static void check(int err, const char *what)
{
	if (err) {
		errno = err;
		unseen_die(what);
	}
}

static void threads_setup(int argc, char **argv)
{
	int i;

	(void)argv;
	if (argc)
		unseen_fail("no arguments after SECONDS");
	for (i = 0; i < WORKERS; i++)
		check(pthread_create(&workers[i], NULL, worker, NULL),
		      "pthread_create");
}

static void threads_step(void)
{
	void *ret;
	pthread_t t;
	int i;

	for (i = 0; i < ITEMS; i++) {
		pthread_mutex_lock(&lock);
		queued++;
		expected += queued * 2654435761UL >> 7;
		pthread_cond_signal(&more);
		pthread_mutex_unlock(&lock);
	}
	pthread_mutex_lock(&lock);
	while (done != queued)
		pthread_cond_wait(&done_cond, &lock);
	pthread_mutex_unlock(&lock);
	check(pthread_create(&t, NULL, short_lived, &spawned),
	      "pthread_create");
	check(pthread_join(t, &ret), "pthread_join");
	if (ret != &spawned)
		unseen_fail("a joined thread returned another value");
	spawned++;
}

static void threads_finish(unsigned long iterations)
{
	int i;

	pthread_mutex_lock(&lock);
	stopping = 1;
	pthread_cond_broadcast(&more);
	pthread_mutex_unlock(&lock);
	for (i = 0; i < WORKERS; i++)
		check(pthread_join(workers[i], NULL), "pthread_join");
	if (done != iterations * ITEMS || value != expected)
		unseen_fail("%lu items done of %lu, sum %lu of %lu", done,
			    iterations * ITEMS, value, expected);
	if (spawned != iterations)
		unseen_fail("%lu threads joined in %lu iterations", spawned,
			    iterations);
	unseen_count("items", done);
	unseen_count("threads", spawned);
}

const struct unseen_class unseen_class = {
	.name = "threads",
	.usage = "",
	.setup = threads_setup,
	.step = threads_step,
	.finish = threads_finish,
};
