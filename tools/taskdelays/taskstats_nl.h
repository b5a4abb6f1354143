/* SPDX-License-Identifier: GPL-2.0 */
/* TASKSTATS generic netlink socket on libnl-genl-3 */
#ifndef TASKSTATS_NL_H
#define TASKSTATS_NL_H

#include <stdbool.h>
#include <stdint.h>

#include "taskstats_parse.h"

struct nl_sock;

struct td_nl {
	struct nl_sock *sk;
	int family;		/* generic netlink id of "TASKSTATS" */
	unsigned int family_version;
	unsigned int family_maxattr;
	struct td_cgroup *cgroup;	/* where a CGROUPSTATS reply goes */
	bool cgroup_got;
};

/* Returns 0 or a negative errno; messages go to stderr. */
int td_nl_open(struct td_nl *nl);
void td_nl_close(struct td_nl *nl);

/*
 * TASKSTATS_CMD_GET for one pid (@tgid false) or thread group.  Returns 0,
 * or the negative errno the kernel answered with (-EPERM without
 * CAP_NET_ADMIN, -ESRCH for no such task), or -EPROTO for a reply that
 * td_parse_msg() rejected (reason printed).
 */
int td_nl_query(struct td_nl *nl, bool tgid, uint32_t id, struct td_stats *st);

/*
 * CGROUPSTATS_CMD_GET for the cgroup directory open at @fd: its tasks by
 * state.  Returns 0, or the negative errno the kernel answered with
 * (-EINVAL: not a directory of a cgroup v1 hierarchy, which includes
 * every directory on a kernel without CONFIG_CGROUPS; -ENOENT: a cgroup
 * being removed; -EOPNOTSUPP: a TASKSTATS without the command), or
 * -EPROTO for a malformed reply (reason printed).
 */
int td_nl_cgroup(struct td_nl *nl, int fd, struct td_cgroup *cg);

/* (Un)register for exit records on the CPUs in @cpumask ("0-3,5"). */
int td_nl_register(struct td_nl *nl, const char *cpumask, bool on);

/*
 * Wait up to @timeout_ms (-1: forever) for the next datagram and hand its
 * records to @fn.  Returns the number of records handled, -EAGAIN on
 * timeout, or another negative errno.
 */
int td_nl_recv(struct td_nl *nl, int timeout_ms,
	       void (*fn)(const struct td_stats *st, void *arg), void *arg);

/* Explain a negative errno from the functions above on stderr. */
void td_nl_explain(int err, const char *what);

#endif /* TASKSTATS_NL_H */
