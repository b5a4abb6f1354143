// SPDX-License-Identifier: GPL-2.0
/*
 * poll - poll and epoll over many pipes
 *
 * PIPES pipes, all watched: a forked writer, told by a control pipe
 * which pipes to write to, writes one byte to each of BURST of them;
 * the reader waits for them with poll(2) over every read end on even
 * steps and with epoll_wait(2) (level-triggered, every read end
 * registered) on odd ones, and reads each byte.  Every byte written
 * must be seen as an event and read.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/wait.h>
#include <unistd.h>

#include "unseen.h"

#define PIPES		128
#define BURST		16

static int fds[PIPES][2], ctl[2], ep = -1;
static struct pollfd pfd[PIPES];
static pid_t writer;
static unsigned long steps, next_pipe, events, polls, epolls;

/* Write one byte to each pipe the control pipe names. */
static void write_bursts(void)
{
	unsigned char which[BURST];
	ssize_t n;
	int i;

	close(ctl[1]);
	while ((n = read(ctl[0], which, sizeof(which))) > 0)
		for (i = 0; i < n; i++)
			if (write(fds[which[i]][1], "e", 1) != 1)
				_exit(1);
	_exit(n == 0 ? 0 : 1);
}

static void poll_setup(int argc, char **argv)
{
	struct epoll_event ev;
	int i;

	(void)argv;
	if (argc)
		unseen_fail("no arguments after SECONDS");
	ep = epoll_create1(0);
	if (ep < 0 || pipe(ctl) < 0)
		unseen_die("epoll_create1/pipe");
	for (i = 0; i < PIPES; i++) {
		if (pipe(fds[i]) < 0)
			unseen_die("pipe");
		pfd[i].fd = fds[i][0];
		pfd[i].events = POLLIN;
		ev.events = EPOLLIN;
		ev.data.u32 = i;
		if (epoll_ctl(ep, EPOLL_CTL_ADD, fds[i][0], &ev) < 0)
			unseen_die("epoll_ctl");
	}
	writer = fork();
	if (writer < 0)
		unseen_die("fork");
	if (writer == 0)
		write_bursts();
	close(ctl[0]);
}

static void drain(int i)
{
	char c;

	if (read(fds[i][0], &c, 1) != 1 || c != 'e')
		unseen_die("read pipe");
	events++;
}

static void poll_step(void)
{
	struct epoll_event ev[BURST];
	unsigned char which[BURST];
	int i, n, left = BURST;

	for (i = 0; i < BURST; i++)
		which[i] = next_pipe++ * 37 % PIPES;
	if (write(ctl[1], which, sizeof(which)) != sizeof(which))
		unseen_die("write control pipe");
	while (left > 0) {
		if (steps % 2 == 0) {
			n = poll(pfd, PIPES, -1);
			if (n < 0)
				unseen_die("poll");
			polls++;
			for (i = 0; i < PIPES; i++)
				if (pfd[i].revents & POLLIN) {
					drain(i);
					left--;
				}
		} else {
			n = epoll_wait(ep, ev, BURST, -1);
			if (n < 0)
				unseen_die("epoll_wait");
			epolls++;
			for (i = 0; i < n; i++) {
				drain(ev[i].data.u32);
				left--;
			}
		}
	}
	if (left < 0)
		unseen_fail("%d bytes more than were written", -left);
	steps++;
}

static void poll_finish(unsigned long iterations)
{
	int status;

	close(ctl[1]);
	if (waitpid(writer, &status, 0) < 0)
		unseen_die("waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		unseen_fail("the writer failed (status %#x)", status);
	if (steps != iterations || events != iterations * BURST)
		unseen_fail("%lu events in %lu steps of %d", events, steps,
			    BURST);
	unseen_count("events", events);
	unseen_count("polls", polls);
	unseen_count("epoll_waits", epolls);
}

const struct unseen_class unseen_class = {
	.name = "poll",
	.usage = "",
	.setup = poll_setup,
	.step = poll_step,
	.finish = poll_finish,
};
