// SPDX-License-Identifier: GPL-2.0
/*
 * TASKSTATS generic netlink socket on libnl-genl-3.
 *
 * libnl does the socket, family lookup and message building; replies are
 * received as raw datagrams and every message in them goes through
 * td_parse_msg(), the same code the fuzzer exercises.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <netlink/netlink.h>
#include <netlink/genl/genl.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/family.h>
#include <linux/taskstats.h>
#include <linux/cgroupstats.h>

#include "taskstats_nl.h"

/* Exit records of busy systems arrive in bursts; don't drop them. */
#define TD_RCVBUF (1 << 20)

int td_nl_open(struct td_nl *nl)
{
	struct nl_cache *cache = NULL;
	struct genl_family *fam;
	int err;

	memset(nl, 0, sizeof(*nl));
	nl->sk = nl_socket_alloc();
	if (!nl->sk) {
		fprintf(stderr, "taskdelays: out of memory for a netlink socket\n");
		return -ENOMEM;
	}
	err = genl_connect(nl->sk);
	if (err < 0) {
		fprintf(stderr, "taskdelays: cannot open a generic netlink socket: %s\n",
			nl_geterror(err));
		goto fail;
	}
	/* Exit records are not answers to our requests. */
	nl_socket_disable_seq_check(nl->sk);
	nl_socket_set_buffer_size(nl->sk, TD_RCVBUF, 0);

	err = genl_ctrl_alloc_cache(nl->sk, &cache);
	if (err < 0) {
		fprintf(stderr, "taskdelays: cannot list generic netlink families: %s\n",
			nl_geterror(err));
		goto fail;
	}
	fam = genl_ctrl_search_by_name(cache, TASKSTATS_GENL_NAME);
	if (!fam) {
		fprintf(stderr, "taskdelays: the kernel has no %s generic netlink family (CONFIG_TASKSTATS=n?)\n",
			TASKSTATS_GENL_NAME);
		nl_cache_free(cache);
		err = -ENOENT;
		goto fail_errno;
	}
	nl->family = genl_family_get_id(fam);
	nl->family_version = genl_family_get_version(fam);
	nl->family_maxattr = genl_family_get_maxattr(fam);
	genl_family_put(fam);
	nl_cache_free(cache);
	return 0;

fail:
	err = -EIO;
fail_errno:
	nl_socket_free(nl->sk);
	nl->sk = NULL;
	return err;
}

void td_nl_close(struct td_nl *nl)
{
	if (nl->sk)
		nl_socket_free(nl->sk);
	nl->sk = NULL;
}

static int td_nl_send(struct td_nl *nl, int cmd, int attr, const void *data,
		      int len)
{
	struct nl_msg *msg = nlmsg_alloc();
	int err;

	if (!msg)
		return -ENOMEM;
	if (!genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, nl->family, 0,
			 NLM_F_REQUEST, cmd, TASKSTATS_VERSION) ||
	    nla_put(msg, attr, len, data) < 0) {
		nlmsg_free(msg);
		return -EMSGSIZE;
	}
	err = nl_send_auto(nl->sk, msg);
	nlmsg_free(msg);
	if (err < 0) {
		fprintf(stderr, "taskdelays: sending to TASKSTATS failed: %s\n",
			nl_geterror(err));
		return -EIO;
	}
	return 0;
}

struct td_want {
	bool tgid;
	uint32_t id;
	bool found;
	struct td_stats *st;
};

static void td_pick(const struct td_stats *st, void *arg)
{
	struct td_want *w = arg;

	if (!w->found && st->is_tgid == w->tgid && st->id == w->id) {
		*w->st = *st;
		w->found = true;
	}
}

/* Handle one datagram; returns records seen or a negative errno. */
static int td_nl_dispatch(struct td_nl *nl, unsigned char *buf, int n,
			  void (*fn)(const struct td_stats *st, void *arg),
			  void *arg)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)buf;
	int records = 0;
	struct td_msg *msg;
	int err = 0;

	msg = malloc(sizeof(*msg));
	if (!msg)
		return -ENOMEM;
	for (; nlmsg_ok(nlh, n); nlh = nlmsg_next(nlh, &n)) {
		unsigned int i;

		if (td_parse_msg(nlh, nlh->nlmsg_len, nl->family, msg)) {
			fprintf(stderr, "taskdelays: malformed TASKSTATS reply: %s\n",
				msg->err);
			err = -EPROTO;
			break;
		}
		if (msg->nl_error) {
			err = msg->nl_error;
			break;
		}
		/* one only td_nl_cgroup() asked for */
		if (msg->is_cgroup && nl->cgroup) {
			*nl->cgroup = msg->cgroup;
			nl->cgroup_got = true;
		}
		for (i = 0; i < msg->nr; i++, records++)
			fn(&msg->rec[i], arg);
	}
	free(msg);
	return err ? err : records;
}

int td_nl_recv(struct td_nl *nl, int timeout_ms,
	       void (*fn)(const struct td_stats *st, void *arg), void *arg)
{
	struct pollfd pfd = { .fd = nl_socket_get_fd(nl->sk), .events = POLLIN };
	struct sockaddr_nl peer;
	unsigned char *buf = NULL;
	int n, ret;

	ret = poll(&pfd, 1, timeout_ms);
	if (ret < 0)
		return -errno;
	if (ret == 0)
		return -EAGAIN;
	n = nl_recv(nl->sk, &peer, &buf, NULL);
	if (n <= 0) {
		free(buf);
		/* libnl maps ENOBUFS (the kernel dropped records) to NOMEM */
		if (n == -NLE_NOMEM || n == -NLE_MSG_OVERFLOW)
			return -ENOBUFS;
		return n == 0 ? -EAGAIN : -EIO;
	}
	ret = td_nl_dispatch(nl, buf, n, fn, arg);
	free(buf);
	return ret;
}

int td_nl_query(struct td_nl *nl, bool tgid, uint32_t id, struct td_stats *st)
{
	struct td_want want = { .tgid = tgid, .id = id, .st = st };
	int err;

	err = td_nl_send(nl, TASKSTATS_CMD_GET, tgid ? TASKSTATS_CMD_ATTR_TGID :
			 TASKSTATS_CMD_ATTR_PID, &id, sizeof(id));
	if (err)
		return err;
	/* The answer is synchronous; exit records of a listener may come first */
	while (!want.found) {
		err = td_nl_recv(nl, 5000, td_pick, &want);
		if (err == -EINTR)	/* the caller checks for signals */
			continue;
		if (err < 0)
			return err == -EAGAIN ? -ETIMEDOUT : err;
	}
	return 0;
}

static void td_ignore(const struct td_stats *st, void *arg)
{
	(void)st;
	(void)arg;
}

int td_nl_cgroup(struct td_nl *nl, int fd, struct td_cgroup *cg)
{
	uint32_t ufd = fd;
	int err;

	err = td_nl_send(nl, CGROUPSTATS_CMD_GET, CGROUPSTATS_CMD_ATTR_FD,
			 &ufd, sizeof(ufd));
	if (err)
		return err;
	nl->cgroup = cg;
	nl->cgroup_got = false;
	/* exit records of a listener may come first */
	while (!nl->cgroup_got) {
		err = td_nl_recv(nl, 5000, td_ignore, NULL);
		if (err == -EINTR)
			continue;
		if (err < 0) {
			err = err == -EAGAIN ? -ETIMEDOUT : err;
			break;
		}
		err = 0;
	}
	nl->cgroup = NULL;
	return err;
}

int td_nl_register(struct td_nl *nl, const char *cpumask, bool on)
{
	return td_nl_send(nl, TASKSTATS_CMD_GET,
			  on ? TASKSTATS_CMD_ATTR_REGISTER_CPUMASK :
			  TASKSTATS_CMD_ATTR_DEREGISTER_CPUMASK,
			  cpumask, strlen(cpumask) + 1);
}

void td_nl_explain(int err, const char *what)
{
	switch (err) {
	case -EPERM:
		/* -p and -t fall back to /proc/<pid>/delays themselves */
		fprintf(stderr, "taskdelays: %s: permission denied: TASKSTATS needs CAP_NET_ADMIN; run as root\n",
			what);
		break;
	case -ESRCH:
		fprintf(stderr, "taskdelays: %s: no such task\n", what);
		break;
	case -EINVAL:
		fprintf(stderr, "taskdelays: %s: the kernel rejected the request (bad pid or cpumask?)\n",
			what);
		break;
	default:
		fprintf(stderr, "taskdelays: %s: %s\n", what, strerror(-err));
	}
}
