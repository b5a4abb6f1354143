// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of td_parse_msg() on messages built with libnl the way the
 * kernel builds them (kernel/taskstats.c: mk_reply()), then damaged in the
 * ways a broken or hostile peer could.  Expected values come from the
 * struct the test filled in, never from constants.
 *
 * --corpus DIR writes the well-formed messages as a fuzzing seed corpus.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <netlink/genl/genl.h>
#include <netlink/attr.h>
#include <netlink/msg.h>
#include <linux/taskstats.h>
#include <linux/cgroupstats.h>

#include "taskstats_layout.h"
#include "taskdelays_print.h"
#include "taskstats_parse.h"
#include "tests/test_family.h"
#include "ktap_check.h"

static const char *corpus_dir;

struct aggr {
	int type;		/* TASKSTATS_TYPE_AGGR_PID or _TGID, 0: none */
	bool no_id, no_stats, short_id;
	uint32_t id;
	const void *stats;
	int stats_len;
};

/* A message as mk_reply() builds it, with up to two records. */
static struct nl_msg *build(uint16_t type, uint8_t cmd, const struct aggr *a,
			    int n)
{
	struct nl_msg *msg = nlmsg_alloc_size(8192);
	int i;

	if (!msg || !genlmsg_put(msg, 0, 1, type, 0, 0, cmd, 1))
		abort();
	for (i = 0; i < n; i++) {
		struct nlattr *nest = nla_nest_start(msg, a[i].type);
		int id_type = a[i].type == TASKSTATS_TYPE_AGGR_TGID ?
			      TASKSTATS_TYPE_TGID : TASKSTATS_TYPE_PID;
		uint64_t pad = 0;

		if (!nest)
			abort();
		if (a[i].short_id)
			nla_put(msg, id_type, 2, &a[i].id);
		else if (!a[i].no_id)
			nla_put_u32(msg, id_type, a[i].id);
		/* mk_reply() pads with TASKSTATS_TYPE_NULL for alignment */
		nla_put(msg, TASKSTATS_TYPE_NULL, 0, &pad);
		if (!a[i].no_stats)
			nla_put(msg, TASKSTATS_TYPE_STATS, a[i].stats_len,
				a[i].stats);
		nla_nest_end(msg, nest);
	}
	return msg;
}

static void save(const char *name, const struct nlmsghdr *nlh)
{
	char path[4096];
	FILE *f;

	if (!corpus_dir)
		return;
	snprintf(path, sizeof(path), "%s/%s", corpus_dir, name);
	f = fopen(path, "w");
	if (!f || fwrite(nlh, 1, nlh->nlmsg_len, f) != nlh->nlmsg_len) {
		fprintf(stderr, "test-parse: %s: cannot write\n", path);
		exit(1);
	}
	fclose(f);
}

static int parse(struct nl_msg *msg, struct td_msg *out, const char *seed)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	int ret;

	if (seed)
		save(seed, nlh);
	ret = td_parse_msg(nlh, nlh->nlmsg_len, TEST_FAMILY, out);
	if (ret)
		printf("# parser said: %s\n", out->err);
	return ret;
}

/*
 * Distinct values in every delay field, so mixed-up offsets show.  Field
 * by field, by name, not through td_delays[]: that table's offsets are
 * what the parser is tested on.
 */
static void fill(struct td_ts14 *ts, uint16_t version)
{
	memset(ts, 0, sizeof(*ts));
	ts->version = version;
	ts->cpu_count = 11;
	ts->cpu_delay_total = 1100000001ULL;
	ts->blkio_count = 22;
	ts->blkio_delay_total = 2200000002ULL;
	ts->swapin_count = 33;
	ts->swapin_delay_total = 3300000003ULL;
	ts->freepages_count = 44;
	ts->freepages_delay_total = 4400000004ULL;
	ts->thrashing_count = 55;
	ts->thrashing_delay_total = 5500000005ULL;
	ts->compact_count = 66;
	ts->compact_delay_total = 6600000006ULL;
	ts->wpcopy_count = 77;
	ts->wpcopy_delay_total = 7700000007ULL;
	ts->irq_count = 88;
	ts->irq_delay_total = 8800000008ULL;
	ts->cpu_run_real_total = 123;
	ts->cpu_run_virtual_total = 456;
	ts->ac_uid = 1000;
	ts->ac_ppid = 1;
	snprintf(ts->ac_comm, sizeof(ts->ac_comm), "worker");
}

static uint64_t field(const struct td_ts14 *ts, size_t off)
{
	uint64_t v;

	memcpy(&v, (const char *)ts + off, sizeof(v));
	return v;
}

static bool same_delays(const struct td_stats *st, const struct td_ts14 *ts,
			bool expect_present[TD_NR_DELAYS])
{
	int i;

	for (i = 0; i < TD_NR_DELAYS; i++) {
		const struct td_delay_val *v = &st->delay[i];

		if (v->present != expect_present[i])
			return false;
		if (v->present &&
		    (v->count != field(ts, td_delays[i].count_off) ||
		     v->total_ns != field(ts, td_delays[i].total_off)))
			return false;
	}
	return true;
}

static void test_current_version(void)
{
	bool all[TD_NR_DELAYS] = { true, true, true, true, true, true, true,
				   TASKSTATS_VERSION >= 14 };
	struct td_msg m;
	struct td_ts14 ts;
	struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = 4242, .stats = &ts,
			  .stats_len = sizeof(ts) };
	struct nl_msg *msg;
	int ret;

	fill(&ts, TASKSTATS_VERSION);
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, "pid-current");
	CHECK(ret == 0 && m.nr == 1, "current version parses to one record");
	CHECK(!m.rec[0].is_tgid && m.rec[0].id == a.id, "pid comes from TYPE_PID");
	CHECK(m.rec[0].version == TASKSTATS_VERSION && m.rec[0].len == sizeof(ts),
	      "version and length are the kernel's");
	CHECK(same_delays(&m.rec[0], &ts, all), "all delay types match the struct");
	CHECK(m.rec[0].have_comm && !strcmp(m.rec[0].comm, ts.ac_comm),
	      "comm is copied");
	CHECK(m.rec[0].have_ids && m.rec[0].uid == ts.ac_uid,
	      "uid is copied");
	CHECK(td_delay_avg_ns(&m.rec[0].delay[TD_BLKIO]) ==
	      ts.blkio_delay_total / ts.blkio_count, "average is total/count");
	nlmsg_free(msg);
}

static void test_exit_pid_and_tgid(void)
{
	struct td_ts14 tp, tg;
	struct aggr a[2] = {
		{ TASKSTATS_TYPE_AGGR_PID, .id = 10, .stats = &tp,
		  .stats_len = sizeof(tp) },
		{ TASKSTATS_TYPE_AGGR_TGID, .id = 7, .stats = &tg,
		  .stats_len = sizeof(tg) },
	};
	struct nl_msg *msg;
	struct td_msg m;
	int ret;

	fill(&tp, TASKSTATS_VERSION);
	fill(&tg, TASKSTATS_VERSION);
	tg.cpu_count = tp.cpu_count + 5;
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, a, 2);
	ret = parse(msg, &m, "exit-pid-tgid");
	CHECK(ret == 0 && m.nr == 2, "exit message yields pid and tgid records");
	CHECK(m.rec[1].is_tgid && m.rec[1].id == a[1].id &&
	      m.rec[1].delay[TD_CPU].count == tg.cpu_count,
	      "tgid record has its own values");
	nlmsg_free(msg);
}

/*
 * A struct cut short by its version or its length: the fields either
 * leaves out are absent, the others are read from their place.
 */
static const struct gate_case {
	const char *what;
	const char *seed;
	uint16_t version;	/* 0: the uapi header's */
	int stats_len;
	bool present[TD_NR_DELAYS];
	bool basic;		/* comm and ids (version 2 on) */
} gates[] = {
	{ "version 1 struct: only cpu, blkio and swapin, no comm or ids",
	  "pid-v1", 1, offsetof(struct td_ts14, ac_comm),
	  { true, true, true, false, false, false, false }, false },
	{ "version 10 hides compact and wpcopy even when bytes are there",
	  "pid-v10", 10, sizeof(struct td_ts14),
	  { true, true, true, true, true, false, false }, true },
	{ "a field cut by the length is absent, not garbage", NULL, 0,
	  offsetof(struct td_ts14, wpcopy_count) + 4,
	  { true, true, true, true, true, true, false }, true },
};

static void test_gates(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(gates); i++) {
		const struct gate_case *g = &gates[i];
		struct td_ts14 ts;
		struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = 1, .stats = &ts,
				  .stats_len = g->stats_len };
		bool present[TD_NR_DELAYS];
		struct nl_msg *msg;
		struct td_msg m;
		int ret;

		memcpy(present, g->present, sizeof(present));
		fill(&ts, g->version ? g->version : TASKSTATS_VERSION);
		msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
		ret = parse(msg, &m, g->seed);
		CHECK(ret == 0 && same_delays(&m.rec[0], &ts, present) &&
		      m.rec[0].have_comm == g->basic &&
		      m.rec[0].have_ids == g->basic, "%s", g->what);
		nlmsg_free(msg);
	}
}

static void test_newer_version(void)
{
	bool all[TD_NR_DELAYS] = { true, true, true, true, true, true, true,
				   true };
	unsigned char big[sizeof(struct td_ts16) + 200];
	struct td_ts16 ts;
	struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = 9, .stats = big,
			  .stats_len = sizeof(big) };
	struct nl_msg *msg;
	struct td_msg m;
	int ret;

	fill(&ts.v14, TD_TS_KNOWN_VERSION + 1);
	ts.minmax[TD_BLKIO].max = 77;
	ts.minmax[TD_BLKIO].min = 7;
	memset(big, 0xa5, sizeof(big));
	memcpy(big, &ts, sizeof(ts));
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, "pid-newer");
	CHECK(ret == 0 && same_delays(&m.rec[0], &ts.v14, all) &&
	      m.rec[0].len == sizeof(big) &&
	      m.rec[0].delay[TD_BLKIO].max_ns == 77 &&
	      m.rec[0].delay[TD_BLKIO].min_ns == 7,
	      "a newer, longer struct keeps the known fields, max and min");
	nlmsg_free(msg);
}

/*
 * Version 15, written out field by field as the kernel had it: a max and
 * a min after each delay total.  Independent of the parser's arithmetic.
 */
struct ts15 {
	uint16_t version;
	uint32_t ac_exitcode;
	uint8_t ac_flag;
	uint8_t ac_nice;
	uint8_t pad0[6];
	uint64_t cpu_count;
	uint64_t cpu_delay_total, cpu_delay_max, cpu_delay_min;
	uint64_t blkio_count;
	uint64_t blkio_delay_total, blkio_delay_max, blkio_delay_min;
	uint64_t swapin_count;
	uint64_t swapin_delay_total, swapin_delay_max, swapin_delay_min;
	uint64_t cpu_run_real_total;
	uint64_t cpu_run_virtual_total;
	char ac_comm[32];
	uint8_t ac_sched;
	uint8_t ac_pad[3];
	uint8_t pad1[4];
	uint32_t ac_uid;
	uint32_t ac_gid, ac_pid, ac_ppid, ac_btime, pad2;
	uint64_t ac_etime;
	uint64_t ac_utime, ac_stime, ac_minflt, ac_majflt, coremem, virtmem;
	uint64_t hiwater_rss, hiwater_vm, read_char, write_char;
	uint64_t read_syscalls, write_syscalls, read_bytes, write_bytes;
	uint64_t cancelled_write_bytes, nvcsw, nivcsw;
	uint64_t ac_utimescaled, ac_stimescaled, cpu_scaled_run_real_total;
	uint64_t freepages_count;
	uint64_t freepages_delay_total, freepages_delay_max, freepages_delay_min;
	uint64_t thrashing_count;
	uint64_t thrashing_delay_total, thrashing_delay_max, thrashing_delay_min;
	uint64_t ac_btime64;
	uint64_t compact_count;
	uint64_t compact_delay_total, compact_delay_max, compact_delay_min;
	uint32_t ac_tgid, pad3;
	uint64_t ac_tgetime;
	uint64_t ac_exe_dev, ac_exe_inode;
	uint64_t wpcopy_count;
	uint64_t wpcopy_delay_total, wpcopy_delay_max, wpcopy_delay_min;
	uint64_t irq_count;
	uint64_t irq_delay_total, irq_delay_max, irq_delay_min;
};

/* The value test_each_version() puts into field @what of delay @i */
static uint64_t want(int i, int what)
{
	static const uint64_t base[4] = { 10, 1000000000, 900000, 100 };

	return base[what] * (i + 1) + what;	/* count, total, max, min */
}

#define SET15(ts, n, i) do {							(ts)->n##_count = want(i, 0);						(ts)->n##_delay_total = want(i, 1);					(ts)->n##_delay_max = want(i, 2);					(ts)->n##_delay_min = want(i, 3);				} while (0)

static bool check_version(const struct td_stats *st, unsigned int version)
{
	bool ok = st->version == version;
	int i;

	for (i = 0; i < TD_NR_DELAYS; i++) {
		const struct td_delay_val *v = &st->delay[i];
		bool present = td_delays[i].since <= version;

		ok &= v->present == present;
		ok &= v->have_minmax == (present && version >= 15);
		if (v->present)
			ok &= v->count == want(i, 0) && v->total_ns == want(i, 1);
		if (v->have_minmax)
			ok &= v->max_ns == want(i, 2) && v->min_ns == want(i, 3);
		if (!ok) {
			printf("# version %u: %s differs\n", version,
			       td_delays[i].name);
			return false;
		}
	}
	return st->have_comm && !strcmp(st->comm, "layout") &&
	       st->have_ids && st->uid == 1234 && st->ppid == 4321 &&
	       st->have_cpu_run && st->cpu_run_real_ns == 555 &&
	       st->cpu_run_virtual_ns == 666;
}

/*
 * Our version 14 layout against the uapi header we are built with: the
 * same offsets for every field both have (up to version 14 the struct
 * only grew, so any header up to 14 is a prefix of ours).
 */
#define SAME_OFF(f) (offsetof(struct taskstats, f) == offsetof(struct td_ts14, f))
static void test_layout_matches_header(void)
{
	if (TASKSTATS_VERSION > 14) {
		check_skip("uapi header version %d is not a prefix of version 14",
			   TASKSTATS_VERSION);
		return;
	}
	CHECK(SAME_OFF(cpu_count) && SAME_OFF(swapin_delay_total) &&
	      SAME_OFF(ac_comm) && SAME_OFF(ac_sched) && SAME_OFF(ac_uid) &&
	      SAME_OFF(ac_ppid) && SAME_OFF(ac_etime) &&
	      SAME_OFF(cpu_scaled_run_real_total) &&
	      SAME_OFF(freepages_delay_total) && SAME_OFF(ac_btime64) &&
	      SAME_OFF(compact_delay_total) && SAME_OFF(ac_tgid) &&
	      SAME_OFF(ac_tgetime) && SAME_OFF(wpcopy_delay_total) &&
	      sizeof(struct taskstats) <= sizeof(struct td_ts14),
	      "the version 14 layout agrees with the uapi header (version %d)",
	      TASKSTATS_VERSION);
}

/* Versions 13 to 16, each in its own layout, with distinct values */
static void test_each_version(void)
{
	static const char *const seed[] = { "pid-v13", "pid-v14", "pid-v15",
					     "pid-v16" };
	unsigned int version;

	for (version = 13; version <= 16; version++) {
		struct td_ts16 t16;
		struct ts15 t15;
		struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = version };
		struct td_ts14 *t = &t16.v14;
		struct nl_msg *msg;
		struct td_msg m;
		int i, ret;

		memset(&t16, 0, sizeof(t16));
		memset(&t15, 0, sizeof(t15));
		for (i = 0; i < TD_NR_DELAYS; i++) {
			uint64_t *c = (uint64_t *)((char *)t +
						   td_delays[i].count_off);

			/* each count is followed by its total up to 14 */
			c[0] = want(i, 0);
			c[1] = want(i, 1);
			t16.minmax[i].max = want(i, 2);
			t16.minmax[i].min = want(i, 3);
		}
		t->version = version;
		t->cpu_run_real_total = 555;
		t->cpu_run_virtual_total = 666;
		t->ac_uid = 1234;
		t->ac_ppid = 4321;
		snprintf(t->ac_comm, sizeof(t->ac_comm), "layout");

		SET15(&t15, cpu, TD_CPU);
		SET15(&t15, blkio, TD_BLKIO);
		SET15(&t15, swapin, TD_SWAPIN);
		SET15(&t15, freepages, TD_FREEPAGES);
		SET15(&t15, thrashing, TD_THRASHING);
		SET15(&t15, compact, TD_COMPACT);
		SET15(&t15, wpcopy, TD_WPCOPY);
		SET15(&t15, irq, TD_IRQ);
		t15.version = 15;
		t15.cpu_run_real_total = 555;
		t15.cpu_run_virtual_total = 666;
		t15.ac_uid = 1234;
		t15.ac_ppid = 4321;
		snprintf(t15.ac_comm, sizeof(t15.ac_comm), "layout");

		switch (version) {
		case 13:
			a.stats = t;
			a.stats_len = offsetof(struct td_ts14, irq_count);
			break;
		case 14:
			a.stats = t;
			a.stats_len = sizeof(*t);
			break;
		case 15:
			a.stats = &t15;
			a.stats_len = sizeof(t15);
			break;
		default:
			a.stats = &t16;
			a.stats_len = sizeof(t16);
		}
		msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
		ret = parse(msg, &m, seed[version - 13]);
		CHECK(ret == 0 && m.nr == 1 && check_version(&m.rec[0], version),
		      "version %u (%d bytes): every field from its own layout",
		      version, a.stats_len);
		nlmsg_free(msg);
	}
}

/*
 * Messages the parser must reject: each is the well-formed reply with
 * one thing changed.
 */
static const struct reject_case {
	const char *what;
	int nr;			/* records: 1, or 0 for none */
	int type_delta;		/* added to the family id */
	uint8_t cmd;		/* 0: TASKSTATS_CMD_NEW */
	bool version0;
	struct aggr a;		/* .stats is filled in; .stats_len 0: sizeof */
} rejects[] = {
	{ "1-byte STATS is rejected", 1, .a = { .stats_len = 1 } },
	{ "empty STATS is rejected", 1, .a = { .stats_len = -1 } },
	{ "version 0 is rejected", 1, .version0 = true },
	{ "AGGR_PID without PID is rejected", 1, .a = { .no_id = true } },
	{ "AGGR_PID without STATS is rejected", 1, .a = { .no_stats = true } },
	{ "2-byte PID is rejected", 1, .a = { .short_id = true } },
	{ "AGGR_TGID without TGID is rejected", 1,
	  .a = { TASKSTATS_TYPE_AGGR_TGID, .no_id = true } },
	{ "reply without records is rejected", .nr = 0 },
	{ "another family's message is rejected", 1, .type_delta = 1 },
	{ "a command other than NEW is rejected", 1,
	  .cmd = TASKSTATS_CMD_GET },
};

static void test_rejects(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rejects); i++) {
		const struct reject_case *r = &rejects[i];
		struct aggr a = r->a;
		struct td_ts14 ts;
		struct nl_msg *msg;
		struct td_msg m;

		fill(&ts, r->version0 ? 0 : TASKSTATS_VERSION);
		if (!a.type)
			a.type = TASKSTATS_TYPE_AGGR_PID;
		a.id = 1;
		a.stats = &ts;
		if (!a.stats_len)
			a.stats_len = sizeof(ts);
		else if (a.stats_len < 0)
			a.stats_len = 0;
		msg = build(TEST_FAMILY + r->type_delta,
			    r->cmd ? r->cmd : TASKSTATS_CMD_NEW, &a, r->nr);
		CHECK(parse(msg, &m, NULL) == -EINVAL, "%s", r->what);
		nlmsg_free(msg);
	}
}

static void test_lengths(void)
{
	struct td_ts14 ts;
	struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = 1, .stats = &ts,
			  .stats_len = sizeof(ts) };
	struct nl_msg *msg;
	struct nlmsghdr *nlh;
	struct nlattr *nla;
	struct td_msg m;
	unsigned char *copy;
	size_t len;

	fill(&ts, TASKSTATS_VERSION);
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	nlh = nlmsg_hdr(msg);
	len = nlh->nlmsg_len;
	copy = malloc(len);
	memcpy(copy, nlh, len);

	CHECK(td_parse_msg(copy, len - 1, TEST_FAMILY, &m) == -EINVAL,
	      "nlmsg_len beyond the buffer is rejected");
	CHECK(td_parse_msg(copy, 8, TEST_FAMILY, &m) == -EINVAL,
	      "buffer shorter than nlmsghdr is rejected");
	((struct nlmsghdr *)copy)->nlmsg_len = NLMSG_HDRLEN + 2;
	CHECK(td_parse_msg(copy, len, TEST_FAMILY, &m) == -EINVAL,
	      "truncated genl header is rejected");

	/* the outer attribute claims more than the message holds */
	memcpy(copy, nlh, len);
	nla = (struct nlattr *)(copy + NLMSG_HDRLEN + GENL_HDRLEN);
	nla->nla_len = len;
	CHECK(td_parse_msg(copy, len, TEST_FAMILY, &m) == -EINVAL,
	      "oversized attribute is not followed");

	/* the STATS attribute inside the nest claims more than the nest */
	memcpy(copy, nlh, len);
	nla = (struct nlattr *)(copy + len - NLA_ALIGN(sizeof(ts)) - NLA_HDRLEN);
	CHECK(nla->nla_type == TASKSTATS_TYPE_STATS, "test finds STATS attribute");
	nla->nla_len += 64;
	CHECK(td_parse_msg(copy, len, TEST_FAMILY, &m) == -EINVAL,
	      "STATS longer than its nest is rejected");
	free(copy);
	nlmsg_free(msg);
}

static void test_nlmsg_error(void)
{
	struct nl_msg *msg = nlmsg_alloc_simple(NLMSG_ERROR, 0);
	struct nlmsgerr e = { .error = -EPERM };
	struct nlmsghdr *nlh;
	struct td_msg m;

	nlmsg_append(msg, &e, sizeof(e), NLMSG_ALIGNTO);
	CHECK(parse(msg, &m, "error-eperm") == 0 && m.nl_error == -EPERM,
	      "NLMSG_ERROR carries -EPERM to the caller");
	nlh = nlmsg_hdr(msg);
	nlh->nlmsg_len = NLMSG_HDRLEN + 2;
	CHECK(td_parse_msg(nlh, nlh->nlmsg_len, TEST_FAMILY, &m) == -EINVAL,
	      "truncated NLMSG_ERROR is rejected");
	nlh->nlmsg_len = NLMSG_HDRLEN + sizeof(e);
	((struct nlmsgerr *)nlmsg_data(nlh))->error = 5;
	CHECK(td_parse_msg(nlh, nlh->nlmsg_len, TEST_FAMILY, &m) == -EINVAL,
	      "positive errno in NLMSG_ERROR is rejected");
	nlmsg_free(msg);

	msg = nlmsg_alloc_simple(NLMSG_DONE, 0);
	CHECK(parse(msg, &m, "done") == 0 && m.done, "NLMSG_DONE is recognised");
	nlmsg_free(msg);
}

static void test_comm_sanitised(void)
{
	struct td_ts14 ts;
	struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = 1, .stats = &ts,
			  .stats_len = sizeof(ts) };
	struct nl_msg *msg;
	struct td_msg m;
	int ret;

	fill(&ts, TASKSTATS_VERSION);
	memset(ts.ac_comm, 'x', sizeof(ts.ac_comm));	/* no NUL */
	ts.ac_comm[3] = '\033';
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, NULL);
	CHECK(ret == 0 && strlen(m.rec[0].comm) == sizeof(ts.ac_comm) &&
	      m.rec[0].comm[3] == '?',
	      "unterminated comm with escape is bounded and made printable");
	nlmsg_free(msg);

	/* valid UTF-8 stays, an invalid byte or a cut character is '?' */
	memset(ts.ac_comm, 0, sizeof(ts.ac_comm));
	snprintf(ts.ac_comm, sizeof(ts.ac_comm), "sl\xc3\xa9\xe2\x82\xacp\xff\xc0\xafq\xe2\x82");
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, NULL);
	CHECK(ret == 0 && !strcmp(m.rec[0].comm, "sl\xc3\xa9\xe2\x82\xacp???q??"),
	      "UTF-8 in comm is kept, invalid bytes become '?' (%s)",
	      m.rec[0].comm);
	nlmsg_free(msg);
}

/* read_bytes, write_bytes and ac_tgid come from their own places */
static void test_io_and_tgid(void)
{
	struct td_ts14 ts;
	struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = 21, .stats = &ts,
			  .stats_len = sizeof(ts) };
	struct nl_msg *msg;
	struct td_msg m;
	int ret;

	fill(&ts, 14);
	ts.read_bytes = 4096 * 3;
	ts.write_bytes = 4096 * 5 + 1;
	ts.read_char = 7;
	ts.ac_tgid = 20;
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, "pid-io");
	CHECK(ret == 0 && m.rec[0].have_io &&
	      m.rec[0].read_bytes == ts.read_bytes &&
	      m.rec[0].write_bytes == ts.write_bytes,
	      "read_bytes and write_bytes are the storage layer's, not read_char");
	CHECK(ret == 0 && m.rec[0].have_tgid && m.rec[0].tgid == ts.ac_tgid,
	      "a PID record names its thread group (ac_tgid)");
	nlmsg_free(msg);

	a.type = TASKSTATS_TYPE_AGGR_TGID;
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, NULL);
	CHECK(ret == 0 && m.rec[0].is_tgid && !m.rec[0].have_io,
	      "a TGID record has no I/O bytes (the kernel adds up none)");
	nlmsg_free(msg);
	a.type = TASKSTATS_TYPE_AGGR_PID;

	ts.read_char = 0;	/* what a kernel without TASK_XACCT sends */
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, NULL);
	CHECK(ret == 0 && !m.rec[0].have_io,
	      "I/O bytes with no characters or calls counted are n/a, not 0");
	nlmsg_free(msg);
	ts.read_char = 7;

	a.stats_len = offsetof(struct td_ts14, ac_tgid);
	ts.version = 11;
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, NULL);
	CHECK(ret == 0 && !m.rec[0].have_tgid && m.rec[0].have_io,
	      "version 11 has I/O bytes but no ac_tgid");
	nlmsg_free(msg);
}

static void set_minmax(struct td_stats *st, int delay, uint64_t count,
		       uint64_t max, uint64_t min)
{
	struct td_delay_val *v = &st->delay[delay];

	v->present = true;
	v->have_minmax = true;
	v->count = count;
	v->max_ns = max;
	v->min_ns = min;
}

/*
 * A process's max and min over its threads, whatever order they come
 * in; the kernel's TGID record has the last thread's instead.
 */
static void test_minmax_fold(void)
{
	struct td_stats worker = { 0 }, last = { 0 }, idle = { 0 }, old = { 0 };
	const struct td_stats *order[2][3] = {
		{ &worker, &last, &idle }, { &idle, &last, &worker },
	};
	int i, j, bad = 0;

	set_minmax(&worker, TD_CPU, 5, 29411000, 2000);
	set_minmax(&last, TD_CPU, 3, 1965000, 900);
	set_minmax(&idle, TD_CPU, 0, 0, 0);	/* never waited: no min */
	set_minmax(&worker, TD_BLKIO, 0, 0, 0);
	set_minmax(&last, TD_BLKIO, 0, 0, 0);
	set_minmax(&idle, TD_BLKIO, 0, 0, 0);
	old.delay[TD_CPU].present = true;	/* version 14: no max or min */
	old.delay[TD_CPU].max_ns = 99999999999ULL;
	for (i = 0; i < 2; i++) {
		struct td_stats proc = { .is_tgid = true };

		for (j = 0; j < TD_NR_DELAYS; j++)
			set_minmax(&proc, j, 8, last.delay[j].max_ns,
				   last.delay[j].min_ns);
		td_minmax_reset(&proc);
		bad += proc.delay[TD_CPU].have_minmax || proc.minmax_threads;
		for (j = 0; j < 3; j++)
			td_minmax_fold(&proc, order[i][j]);
		td_minmax_fold(&proc, &old);
		bad += proc.delay[TD_CPU].max_ns != worker.delay[TD_CPU].max_ns;
		bad += proc.delay[TD_CPU].min_ns != last.delay[TD_CPU].min_ns;
		bad += !proc.delay[TD_BLKIO].have_minmax ||
		       proc.delay[TD_BLKIO].max_ns || proc.delay[TD_BLKIO].min_ns;
		bad += proc.delay[TD_SWAPIN].have_minmax;
		bad += proc.minmax_threads != 4;
	}
	CHECK(!bad, "a process's max is its worst thread's and its min the least of threads that waited, in any order");
}

/*
 * CGROUPSTATS replies as cgroupstats_user_cmd() builds them: one
 * CGROUP_STATS attribute holding struct cgroupstats.
 */
static const struct cgroup_case {
	const char *what;
	int len;		/* payload: sizeof(struct cgroupstats) + len */
	bool no_attr;		/* no CGROUP_STATS at all */
	bool ok;
} cgroup_cases[] = {
	{ "a CGROUPSTATS reply gives the five counts", 0, false, true },
	{ "a longer cgroupstats (grown at the end) gives the first five", 8,
	  false, true },
	{ "a cgroupstats one field short is rejected", -8, false, false },
	{ "a CGROUPSTATS reply without CGROUP_STATS is rejected", 0, true,
	  false },
};

static void test_cgroup(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cgroup_cases); i++) {
		const struct cgroup_case *c = &cgroup_cases[i];
		struct nl_msg *msg = nlmsg_alloc_size(1024);
		/* distinct values, so that mixed-up fields show */
		uint64_t cs[6] = { 11, 22, 33, 44, 55, 66 };
		struct cgroupstats want;
		struct td_msg m;
		bool ok;
		int ret;

		if (!msg || !genlmsg_put(msg, 0, 1, TEST_FAMILY, 0, 0,
					 CGROUPSTATS_CMD_NEW, 1))
			abort();
		memcpy(&want, cs, sizeof(want));
		if (!c->no_attr)
			nla_put(msg, CGROUPSTATS_TYPE_CGROUP_STATS,
				sizeof(want) + c->len, cs);
		ret = parse(msg, &m, c->ok && !c->len ? "cgroupstats" : NULL);
		ok = c->ok ? !ret && m.is_cgroup && !m.nr &&
		     m.cgroup.nr_sleeping == want.nr_sleeping &&
		     m.cgroup.nr_running == want.nr_running &&
		     m.cgroup.nr_stopped == want.nr_stopped &&
		     m.cgroup.nr_uninterruptible == want.nr_uninterruptible &&
		     m.cgroup.nr_io_wait == want.nr_io_wait :
		     ret == -EINVAL;
		CHECK(ok, "%s", c->what);
		nlmsg_free(msg);
	}
}

/* The text and JSON of one record, as taskdelays prints them */
static void printed(const struct td_stats *st, char *text, size_t len)
{
	FILE *f = fmemopen(text, len, "w");

	if (!f)
		abort();
	td_print_stats(f, st, false, false);
	td_print_stats_json(f, st, false);
	fclose(f);
	text[len - 1] = '\0';
}

/*
 * A PID record's age (ac_etime) bounds every delay of the task: a total
 * or max longer than it is the kernel's figure, flagged, never a fact
 */
static void test_beyond_life(void)
{
	static char text[8192];
	struct td_ts14 ts;
	struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = 99, .stats = &ts,
			  .stats_len = sizeof(ts) };
	struct nl_msg *msg;
	struct td_msg m;
	int ret, i, flagged = 0;

	fill(&ts, 14);
	/* 3 s of life: cpu (1.1 s) and blkio (2.2 s) fit, swapin on do not */
	ts.ac_etime = 3000000;
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, NULL);
	CHECK(!ret && m.rec[0].have_etime && m.rec[0].etime_us == ts.ac_etime,
	      "a PID record's ac_etime is its age");
	CHECK(td_check_life(&m.rec[0]), "delays longer than 3 s of life are found");
	for (i = 0; i < TD_NR_DELAYS; i++)
		flagged += m.rec[0].delay[i].beyond_life;
	CHECK(!m.rec[0].delay[TD_CPU].beyond_life &&
	      !m.rec[0].delay[TD_BLKIO].beyond_life &&
	      m.rec[0].delay[TD_SWAPIN].beyond_life && flagged == 6,
	      "exactly the six totals over 3 s are flagged (%d)", flagged);
	printed(&m.rec[0], text, sizeof(text));
	CHECK(strstr(text, "\n# ! swapin, freepages, thrashing, compact, wpcopy, irq: the kernel reports more delay than the task's 3.000 s of life") &&
	      strstr(text, "\"swapin\":{\"count\":33,") &&
	      strstr(text, "\"min_ns\":null,\"impossible\":true}") &&
	      strstr(text, "\"blkio\":{\"count\":22,\"total_ns\":2200000002,\"avg_ns\":100000000,\"max_ns\":null,\"min_ns\":null,\"impossible\":false}"),
	      "text says which delays are impossible, JSON flags each");
	nlmsg_free(msg);

	ts.ac_etime = 10000000;
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, NULL);
	CHECK(!ret && !td_check_life(&m.rec[0]), "10 s of life: nothing flagged");
	printed(&m.rec[0], text, sizeof(text));
	CHECK(!strstr(text, "# !") && !strstr(text, "\"impossible\":true"),
	      "and nothing said");
	nlmsg_free(msg);

	/* a TGID record sums its threads' ages: no bound */
	a.type = TASKSTATS_TYPE_AGGR_TGID;
	ts.ac_etime = 1;
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, NULL);
	CHECK(!ret && !m.rec[0].have_etime && !td_check_life(&m.rec[0]),
	      "a TGID record is never flagged");
	nlmsg_free(msg);
}

int main(int argc, char **argv)
{
	check_header();
	if (argc == 3 && !strcmp(argv[1], "--corpus"))
		corpus_dir = argv[2];
	test_current_version();
	test_exit_pid_and_tgid();
	test_gates();
	test_newer_version();
	test_layout_matches_header();
	test_each_version();
	test_rejects();
	test_lengths();
	test_nlmsg_error();
	test_comm_sanitised();
	test_io_and_tgid();
	test_minmax_fold();
	test_cgroup();
	test_beyond_life();
	return check_done("test-parse");
}
