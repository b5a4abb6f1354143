// SPDX-License-Identifier: GPL-2.0
/*
 * tcp - TCP over loopback: connect, send, receive, close
 *
 * A forked server accepts each connection, echoes what it reads until
 * the client shuts its side down, and closes.  Each step is one whole
 * connection from the client: socket, connect (the three-way
 * handshake), 16 KiB sent and the same read back and compared, close.
 * The guest's loopback interface starts down; setup brings it up.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "unseen.h"

#define MSG_SIZE	(16 * 1024)

static struct sockaddr_in addr;
static pid_t server;
static unsigned char out[MSG_SIZE], in[MSG_SIZE];
static unsigned long connections, bytes;

static void loopback_up(void)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0)
		unseen_die("socket");
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) < 0)
		unseen_die("SIOCGIFFLAGS lo");
	if (!(ifr.ifr_flags & IFF_UP)) {
		ifr.ifr_flags |= IFF_UP;
		if (ioctl(fd, SIOCSIFFLAGS, &ifr) < 0)
			unseen_die("SIOCSIFFLAGS lo up");
	}
	close(fd);
}

/* Echo each connection back to its client until it shuts down. */
static void serve(int lfd)
{
	ssize_t n;
	int fd;

	for (;;) {
		fd = accept(lfd, NULL, NULL);
		if (fd < 0)
			_exit(errno == EINTR ? 0 : 1);
		while ((n = read(fd, in, sizeof(in))) > 0)
			if (write(fd, in, n) != n)
				_exit(1);
		close(fd);
	}
}

static void tcp_setup(int argc, char **argv)
{
	socklen_t len = sizeof(addr);
	size_t i;
	int lfd;

	(void)argv;
	if (argc)
		unseen_fail("no arguments after SECONDS");
	loopback_up();
	lfd = socket(AF_INET, SOCK_STREAM, 0);
	if (lfd < 0)
		unseen_die("socket");
	memset(&addr, 0, sizeof(addr));
	addr.sin_family = AF_INET;
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(lfd, (struct sockaddr *)&addr, sizeof(addr)) < 0 ||
	    listen(lfd, 16) < 0 ||
	    getsockname(lfd, (struct sockaddr *)&addr, &len) < 0)
		unseen_die("listen on 127.0.0.1");
	for (i = 0; i < sizeof(out); i++)
		out[i] = (unsigned char)(i * 7 + 1);
	server = fork();
	if (server < 0)
		unseen_die("fork");
	if (server == 0)
		serve(lfd);
	close(lfd);
}

static void tcp_step(void)
{
	size_t got = 0;
	ssize_t n;
	int fd;

	fd = socket(AF_INET, SOCK_STREAM, 0);
	if (fd < 0)
		unseen_die("socket");
	if (connect(fd, (struct sockaddr *)&addr, sizeof(addr)) < 0)
		unseen_die("connect");
	if (write(fd, out, sizeof(out)) != sizeof(out))
		unseen_die("send");
	if (shutdown(fd, SHUT_WR) < 0)
		unseen_die("shutdown");
	while ((n = read(fd, in + got, sizeof(in) - got)) > 0)
		got += n;
	if (n < 0)
		unseen_die("receive");
	if (got != sizeof(out) || memcmp(in, out, sizeof(out)))
		unseen_fail("connection %lu: %zu of %zu bytes echoed intact",
			    connections + 1, got, sizeof(out));
	close(fd);
	connections++;
	bytes += got;
}

static void tcp_finish(unsigned long iterations)
{
	int status;

	kill(server, SIGTERM);
	if (waitpid(server, &status, 0) < 0)
		unseen_die("waitpid");
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGTERM)
		unseen_fail("the echo server ended on its own (status %#x)",
			    status);
	if (connections != iterations)
		unseen_fail("%lu connections in %lu iterations", connections,
			    iterations);
	unseen_count("connections", connections);
	unseen_count("bytes", bytes);
}

const struct unseen_class unseen_class = {
	.name = "tcp",
	.usage = "",
	.setup = tcp_setup,
	.step = tcp_step,
	.finish = tcp_finish,
};
