// SPDX-License-Identifier: GPL-2.0
/*
 * Parser for TASKSTATS generic netlink replies, see taskstats_parse.h.
 *
 * A reply may come from an older kernel (shorter struct, fewer fields) or
 * a newer one than the uapi header we were built with, and version 15
 * moved fields around (taskstats_layout.h).  So fields are read from the
 * payload at the offset of the layout its version names, and a field is
 * present only when both that version and the length sent cover it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <netlink/genl/genl.h>
#include <netlink/attr.h>
#include <netlink/msg.h>
#include <linux/taskstats.h>
#include <linux/cgroupstats.h>

#include "taskstats_layout.h"
#include "taskstats_parse.h"

#define DELAY(n, t, v) {						\
	.name = #n, .title = t, .since = v,				\
	.count_off = offsetof(struct td_ts14, n##_count),		\
	.total_off = offsetof(struct td_ts14, n##_delay_total),	\
}

/* Versions from the history of include/uapi/linux/taskstats.h */
const struct td_delay_desc td_delays[TD_NR_DELAYS] = {
	[TD_CPU]	= DELAY(cpu, "CPU", 1),
	[TD_BLKIO]	= DELAY(blkio, "IO", 1),
	[TD_SWAPIN]	= DELAY(swapin, "SWAP", 1),
	[TD_FREEPAGES]	= DELAY(freepages, "RECLAIM", 7),
	[TD_THRASHING]	= DELAY(thrashing, "THRASHING", 9),
	[TD_COMPACT]	= DELAY(compact, "COMPACT", 11),
	[TD_WPCOPY]	= DELAY(wpcopy, "WPCOPY", 13),
	[TD_IRQ]	= DELAY(irq, "IRQ", 14),
};

/* Basic accounting fields (ac_comm and on) arrived in version 2 */
#define TD_BASIC_SINCE 2
/* ac_tgid, the thread group of a PID record */
#define TD_TGID_SINCE 12
/* Max and min of every delay: mid-struct in 15, at the end from 16 */
#define TD_MINMAX_SINCE 15

static struct nla_policy td_policy[TASKSTATS_TYPE_MAX + 1] = {
	[TASKSTATS_TYPE_PID]		= { .type = NLA_U32 },
	[TASKSTATS_TYPE_TGID]		= { .type = NLA_U32 },
	[TASKSTATS_TYPE_STATS]		= { .type = NLA_UNSPEC },
	[TASKSTATS_TYPE_AGGR_PID]	= { .type = NLA_NESTED },
	[TASKSTATS_TYPE_AGGR_TGID]	= { .type = NLA_NESTED },
};

static struct nla_policy td_cg_policy[CGROUPSTATS_TYPE_MAX + 1] = {
	[CGROUPSTATS_TYPE_CGROUP_STATS]	= { .type = NLA_UNSPEC },
};

static int td_fail(struct td_msg *msg, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg->err, sizeof(msg->err), fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/*
 * Where a field at @off14 in the version 14 layout is in the layout of
 * @version: version 15 has a max and a min after each delay total that
 * comes before it.
 */
static size_t td_off(unsigned int version, size_t off14)
{
	size_t off = off14;
	int i;

	if (version != 15)
		return off14;
	for (i = 0; i < TD_NR_DELAYS; i++)
		if (td_delays[i].total_off < off14)
			off += sizeof(struct td_ts_minmax);
	return off;
}

static size_t td_minmax_off(unsigned int version, int delay)
{
	if (version == 15)
		return td_off(15, td_delays[delay].total_off) +
		       sizeof(uint64_t);
	return offsetof(struct td_ts16, minmax[delay]);
}

static bool td_covers(const struct td_stats *st, unsigned int since,
		      size_t off, size_t size)
{
	return st->version >= since && st->len >= off + size;
}

static uint64_t td_u64_at(const void *payload, size_t off)
{
	uint64_t v;

	memcpy(&v, (const char *)payload + off, sizeof(v));
	return v;
}

static uint32_t td_u32_at(const void *payload, size_t off)
{
	uint32_t v;

	memcpy(&v, (const char *)payload + off, sizeof(v));
	return v;
}

size_t td_utf8_len(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t len, i;
	uint32_t cp;

	if (!n)
		return 0;
	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, UTF-16 surrogates and beyond U+10FFFF are not UTF-8 */
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

size_t td_utf8_clean(char *dst, const char *src, size_t n)
{
	size_t i = 0, len;

	while (i < n && src[i]) {
		unsigned char c = src[i];

		len = td_utf8_len(src + i, strnlen(src + i, n - i));
		if (c < 0x20 || c == 0x7f || !len) {
			dst[i++] = '?';
			continue;
		}
		memcpy(dst + i, src + i, len);
		i += len;
	}
	dst[i] = '\0';
	return i;
}

static void td_fill_comm(struct td_stats *st, const void *payload)
{
	size_t off = td_off(st->version, offsetof(struct td_ts14, ac_comm));
	const char *comm = (const char *)payload + off;
	size_t i;

	if (!td_covers(st, TD_BASIC_SINCE, off, TD_TS_COMM_LEN))
		return;
	/* The kernel NUL-terminates, but a reply is not trusted to. */
	i = td_utf8_clean(st->comm, comm, TD_TS_COMM_LEN);
	/* TGID records leave ac_comm empty: no name, not an empty one */
	st->have_comm = i > 0;
}

static void td_fill_delay(struct td_stats *st, const void *payload, int i)
{
	const struct td_delay_desc *d = &td_delays[i];
	struct td_delay_val *v = &st->delay[i];
	size_t count = td_off(st->version, d->count_off);
	size_t total = td_off(st->version, d->total_off);
	size_t mm = td_minmax_off(st->version, i);

	v->present = td_covers(st, d->since, count, sizeof(uint64_t)) &&
		     td_covers(st, d->since, total, sizeof(uint64_t));
	if (!v->present)
		return;
	v->count = td_u64_at(payload, count);
	v->total_ns = td_u64_at(payload, total);
	v->have_minmax = td_covers(st, TD_MINMAX_SINCE, mm,
				   sizeof(struct td_ts_minmax));
	if (v->have_minmax) {
		v->max_ns = td_u64_at(payload, mm);
		v->min_ns = td_u64_at(payload, mm + sizeof(uint64_t));
	}
}

static int td_fill_stats(struct td_msg *msg, struct td_stats *st,
			 const struct nlattr *attr)
{
	const void *payload = nla_data(attr);
	size_t len = nla_len(attr), off;
	uint16_t version;
	int i;

	if (len < sizeof(version))
		return td_fail(msg, "taskstats payload of %zu bytes has no version",
			       len);
	memcpy(&version, payload, sizeof(version));
	if (version == 0)
		return td_fail(msg, "taskstats version 0 is not valid");
	st->version = version;
	st->len = len;

	for (i = 0; i < TD_NR_DELAYS; i++)
		td_fill_delay(st, payload, i);

	off = td_off(version, offsetof(struct td_ts14, cpu_run_real_total));
	st->have_cpu_run = td_covers(st, 1, off, 2 * sizeof(uint64_t));
	if (st->have_cpu_run) {
		st->cpu_run_real_ns = td_u64_at(payload, off);
		st->cpu_run_virtual_ns = td_u64_at(payload,
						   off + sizeof(uint64_t));
	}

	/*
	 * The kernel adds up no I/O bytes for a thread group's record, and
	 * without CONFIG_TASK_XACCT sends zeros: then a task's characters
	 * and calls are 0 too (any task that did a read or write has them).
	 */
	off = td_off(version, offsetof(struct td_ts14, read_bytes));
	st->have_io = !st->is_tgid &&
		      td_covers(st, TD_BASIC_SINCE, off, 2 * sizeof(uint64_t));
	if (st->have_io) {
		size_t xacct = td_off(version, offsetof(struct td_ts14, read_char));

		st->read_bytes = td_u64_at(payload, off);
		st->write_bytes = td_u64_at(payload, off + sizeof(uint64_t));
		st->have_io = td_u64_at(payload, xacct) ||
			      td_u64_at(payload, xacct + 8) ||
			      td_u64_at(payload, xacct + 16) ||
			      td_u64_at(payload, xacct + 24);
	}

	off = td_off(version, offsetof(struct td_ts14, ac_tgid));
	st->have_tgid = td_covers(st, TD_TGID_SINCE, off, sizeof(uint32_t));
	if (st->have_tgid)
		st->tgid = td_u32_at(payload, off);

	/* a TGID record sums its threads' ages: only a PID record's is one */
	off = td_off(version, offsetof(struct td_ts14, ac_etime));
	st->have_etime = !st->is_tgid &&
			 td_covers(st, TD_BASIC_SINCE, off, sizeof(uint64_t));
	if (st->have_etime)
		st->etime_us = td_u64_at(payload, off);

	off = td_off(version, offsetof(struct td_ts14, ac_ppid));
	st->have_ids = td_covers(st, TD_BASIC_SINCE, off, sizeof(uint32_t));
	if (st->have_ids) {
		st->uid = td_u32_at(payload, td_off(version,
				    offsetof(struct td_ts14, ac_uid)));
		st->ppid = td_u32_at(payload, off);
	}
	td_fill_comm(st, payload);
	return 0;
}

static int td_parse_aggr(struct td_msg *msg, struct nlattr *nest, bool is_tgid)
{
	struct nlattr *tb[TASKSTATS_TYPE_MAX + 1];
	int id_type = is_tgid ? TASKSTATS_TYPE_TGID : TASKSTATS_TYPE_PID;
	struct td_stats *st;
	int err;

	if (msg->nr >= TD_MAX_RECORDS)
		return td_fail(msg, "more than %d records in one message",
			       TD_MAX_RECORDS);

	err = nla_parse_nested(tb, TASKSTATS_TYPE_MAX, nest, td_policy);
	if (err < 0)
		return td_fail(msg, "bad attributes in %s: %s",
			       is_tgid ? "AGGR_TGID" : "AGGR_PID",
			       nl_geterror(err));
	if (!tb[id_type])
		return td_fail(msg, "%s without %s", is_tgid ? "AGGR_TGID" :
			       "AGGR_PID", is_tgid ? "TGID" : "PID");
	if (!tb[TASKSTATS_TYPE_STATS])
		return td_fail(msg, "%s without STATS",
			       is_tgid ? "AGGR_TGID" : "AGGR_PID");

	st = &msg->rec[msg->nr];
	memset(st, 0, sizeof(*st));
	st->acct_late = -1;
	st->is_tgid = is_tgid;
	st->id = nla_get_u32(tb[id_type]);
	err = td_fill_stats(msg, st, tb[TASKSTATS_TYPE_STATS]);
	if (err)
		return err;
	msg->nr++;
	return 0;
}

static int td_parse_error(const struct nlmsghdr *nlh, struct td_msg *msg)
{
	const struct nlmsgerr *e = nlmsg_data(nlh);

	if (nlh->nlmsg_len < NLMSG_HDRLEN + sizeof(e->error))
		return td_fail(msg, "truncated NLMSG_ERROR (%u bytes)",
			       nlh->nlmsg_len);
	if (e->error > 0 || e->error < -4095)
		return td_fail(msg, "NLMSG_ERROR with impossible errno %d",
			       e->error);
	msg->nl_error = e->error;
	return 0;
}

/*
 * The kernel's struct cgroupstats is not versioned: a longer one can only
 * have grown at the end, a shorter one is not ours.
 */
static int td_parse_cgroup(struct nlmsghdr *nlh, struct td_msg *msg)
{
	struct nlattr *tb[CGROUPSTATS_TYPE_MAX + 1];
	struct cgroupstats cs;
	int err;

	err = genlmsg_parse(nlh, 0, tb, CGROUPSTATS_TYPE_MAX, td_cg_policy);
	if (err < 0)
		return td_fail(msg, "bad CGROUPSTATS attributes: %s",
			       nl_geterror(err));
	if (!tb[CGROUPSTATS_TYPE_CGROUP_STATS])
		return td_fail(msg, "CGROUPSTATS reply without CGROUP_STATS");
	if ((size_t)nla_len(tb[CGROUPSTATS_TYPE_CGROUP_STATS]) < sizeof(cs))
		return td_fail(msg, "cgroupstats of %d bytes, not %zu",
			       nla_len(tb[CGROUPSTATS_TYPE_CGROUP_STATS]),
			       sizeof(cs));
	memcpy(&cs, nla_data(tb[CGROUPSTATS_TYPE_CGROUP_STATS]), sizeof(cs));
	msg->is_cgroup = true;
	msg->cgroup = (struct td_cgroup){
		.nr_sleeping = cs.nr_sleeping,
		.nr_running = cs.nr_running,
		.nr_stopped = cs.nr_stopped,
		.nr_uninterruptible = cs.nr_uninterruptible,
		.nr_io_wait = cs.nr_io_wait,
	};
	return 0;
}

int td_parse_msg(const void *buf, size_t len, int family, struct td_msg *msg)
{
	struct nlattr *tb[TASKSTATS_TYPE_MAX + 1];
	struct nlmsghdr *nlh = (struct nlmsghdr *)buf;
	struct genlmsghdr *gnlh;
	int err;

	memset(msg, 0, sizeof(*msg));
	if (len < NLMSG_HDRLEN)
		return td_fail(msg, "message of %zu bytes is shorter than a header",
			       len);
	if (nlh->nlmsg_len < NLMSG_HDRLEN || nlh->nlmsg_len > len)
		return td_fail(msg, "nlmsg_len %u does not fit in %zu bytes",
			       nlh->nlmsg_len, len);

	switch (nlh->nlmsg_type) {
	case NLMSG_ERROR:
		return td_parse_error(nlh, msg);
	case NLMSG_DONE:
		msg->done = true;
		return 0;
	}
	if (nlh->nlmsg_type != family)
		return td_fail(msg, "unexpected message type %u",
			       nlh->nlmsg_type);
	if (!genlmsg_valid_hdr(nlh, 0))
		return td_fail(msg, "truncated generic netlink header");
	gnlh = nlmsg_data(nlh);
	if (gnlh->cmd == CGROUPSTATS_CMD_NEW)
		return td_parse_cgroup(nlh, msg);
	if (gnlh->cmd != TASKSTATS_CMD_NEW)
		return td_fail(msg, "unexpected TASKSTATS command %u",
			       gnlh->cmd);

	err = genlmsg_parse(nlh, 0, tb, TASKSTATS_TYPE_MAX, td_policy);
	if (err < 0)
		return td_fail(msg, "bad attributes: %s", nl_geterror(err));

	if (tb[TASKSTATS_TYPE_AGGR_PID]) {
		err = td_parse_aggr(msg, tb[TASKSTATS_TYPE_AGGR_PID], false);
		if (err)
			return err;
	}
	if (tb[TASKSTATS_TYPE_AGGR_TGID]) {
		err = td_parse_aggr(msg, tb[TASKSTATS_TYPE_AGGR_TGID], true);
		if (err)
			return err;
	}
	if (!msg->nr)
		return td_fail(msg, "reply without AGGR_PID or AGGR_TGID");
	return 0;
}

uint64_t td_delay_avg_ns(const struct td_delay_val *v)
{
	return v->count ? v->total_ns / v->count : 0;
}

void td_minmax_reset(struct td_stats *proc)
{
	int i;

	for (i = 0; i < TD_NR_DELAYS; i++) {
		proc->delay[i].have_minmax = false;
		proc->delay[i].max_ns = 0;
		proc->delay[i].min_ns = 0;
	}
	proc->minmax_threads = 0;
}

void td_minmax_fold(struct td_stats *proc, const struct td_stats *thread)
{
	int i;

	proc->minmax_threads++;
	for (i = 0; i < TD_NR_DELAYS; i++) {
		const struct td_delay_val *t = &thread->delay[i];
		struct td_delay_val *p = &proc->delay[i];

		if (!p->present || !t->present || !t->have_minmax)
			continue;
		if (!p->have_minmax) {
			p->have_minmax = true;
			p->max_ns = 0;
			p->min_ns = 0;
		}
		if (t->max_ns > p->max_ns)
			p->max_ns = t->max_ns;
		if (t->count && t->min_ns &&
		    (!p->min_ns || t->min_ns < p->min_ns))
			p->min_ns = t->min_ns;
	}
}
