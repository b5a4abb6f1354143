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

#include "taskstats_parse.h"
#include "tests/test_family.h"

static int passed, failed;
static const char *corpus_dir;

/* Evaluates @cond once: it usually runs the parser. */
#define CHECK(cond, ...) do {						\
	bool ok_ = (cond);						\
									\
	if (ok_)							\
		passed++;						\
	else								\
		failed++;						\
	printf("%s %d - ", ok_ ? "ok" : "not ok", passed + failed);	\
	printf(__VA_ARGS__);						\
	printf("%s\n", ok_ ? "" : " (" #cond ")");			\
} while (0)

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
		fprintf(stderr, "test_parse: %s: cannot write\n", path);
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

/* Distinct values in every delay field, so mixed-up offsets show. */
static void fill(struct taskstats *ts, uint16_t version)
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
	ts->cpu_run_real_total = 123;
	ts->cpu_run_virtual_total = 456;
	ts->ac_uid = 1000;
	ts->ac_ppid = 1;
	snprintf(ts->ac_comm, sizeof(ts->ac_comm), "worker");
}

static uint64_t field(const struct taskstats *ts, size_t off)
{
	uint64_t v;

	memcpy(&v, (const char *)ts + off, sizeof(v));
	return v;
}

static bool same_delays(const struct td_stats *st, const struct taskstats *ts,
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
	bool all[TD_NR_DELAYS] = { true, true, true, true, true, true, true };
	struct td_msg m;
	struct taskstats ts;
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
	struct taskstats tp, tg;
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

static void test_version1(void)
{
	bool v1[TD_NR_DELAYS] = { true, true, true, false, false, false, false };
	struct taskstats ts;
	struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = 1, .stats = &ts,
			  .stats_len = offsetof(struct taskstats, ac_comm) };
	struct nl_msg *msg;
	struct td_msg m;
	int ret;

	fill(&ts, 1);
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, "pid-v1");
	CHECK(ret == 0 && same_delays(&m.rec[0], &ts, v1),
	      "version 1 struct: only cpu, blkio and swapin");
	CHECK(!m.rec[0].have_comm && !m.rec[0].have_ids,
	      "version 1 struct: no comm or ids");
	nlmsg_free(msg);
}

static void test_version_gates_fields(void)
{
	bool v10[TD_NR_DELAYS] = { true, true, true, true, true, false, false };
	struct taskstats ts;
	struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = 1, .stats = &ts,
			  .stats_len = sizeof(ts) };
	struct nl_msg *msg;
	struct td_msg m;
	int ret;

	/* full length but version 10: compact and wpcopy are not real */
	fill(&ts, 10);
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, "pid-v10");
	CHECK(ret == 0 && same_delays(&m.rec[0], &ts, v10),
	      "version 10 hides compact and wpcopy even when bytes are there");
	nlmsg_free(msg);
}

static void test_short_for_version(void)
{
	bool cut[TD_NR_DELAYS] = { true, true, true, true, true, true, false };
	struct taskstats ts;
	struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = 1, .stats = &ts,
			  .stats_len = offsetof(struct taskstats, wpcopy_count) + 4 };
	struct nl_msg *msg;
	struct td_msg m;
	int ret;

	/* claims version 13 but is cut inside wpcopy_count */
	fill(&ts, TASKSTATS_VERSION);
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, NULL);
	CHECK(ret == 0 && same_delays(&m.rec[0], &ts, cut),
	      "a field cut by the length is absent, not garbage");
	nlmsg_free(msg);
}

static void test_newer_version(void)
{
	bool all[TD_NR_DELAYS] = { true, true, true, true, true, true, true };
	unsigned char big[sizeof(struct taskstats) + 200];
	struct taskstats ts;
	struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = 9, .stats = big,
			  .stats_len = sizeof(big) };
	struct nl_msg *msg;
	struct td_msg m;
	int ret;

	fill(&ts, TASKSTATS_VERSION + 3);
	memset(big, 0xa5, sizeof(big));
	memcpy(big, &ts, sizeof(ts));
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	ret = parse(msg, &m, "pid-newer");
	CHECK(ret == 0 && same_delays(&m.rec[0], &ts, all) &&
	      m.rec[0].len == sizeof(big),
	      "a newer, longer struct keeps the known fields");
	nlmsg_free(msg);
}

static void test_bad_stats(void)
{
	struct taskstats ts;
	struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = 1, .stats = &ts,
			  .stats_len = 1 };
	struct nl_msg *msg;
	struct td_msg m;

	fill(&ts, TASKSTATS_VERSION);
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	CHECK(parse(msg, &m, NULL) == -EINVAL, "1-byte STATS is rejected");
	nlmsg_free(msg);

	a.stats_len = 0;
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	CHECK(parse(msg, &m, NULL) == -EINVAL, "empty STATS is rejected");
	nlmsg_free(msg);

	a.stats_len = sizeof(ts);
	ts.version = 0;
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	CHECK(parse(msg, &m, NULL) == -EINVAL, "version 0 is rejected");
	nlmsg_free(msg);
}

static void test_missing_attrs(void)
{
	struct taskstats ts;
	struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = 1, .stats = &ts,
			  .stats_len = sizeof(ts), .no_id = true };
	struct nl_msg *msg;
	struct td_msg m;

	fill(&ts, TASKSTATS_VERSION);
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	CHECK(parse(msg, &m, NULL) == -EINVAL, "AGGR_PID without PID is rejected");
	nlmsg_free(msg);

	a.no_id = false;
	a.no_stats = true;
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	CHECK(parse(msg, &m, NULL) == -EINVAL, "AGGR_PID without STATS is rejected");
	nlmsg_free(msg);

	a.no_stats = false;
	a.short_id = true;
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	CHECK(parse(msg, &m, NULL) == -EINVAL, "2-byte PID is rejected");
	nlmsg_free(msg);

	a.short_id = false;
	a.type = TASKSTATS_TYPE_AGGR_TGID;
	a.no_id = true;
	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, &a, 1);
	CHECK(parse(msg, &m, NULL) == -EINVAL, "AGGR_TGID without TGID is rejected");
	nlmsg_free(msg);

	msg = build(TEST_FAMILY, TASKSTATS_CMD_NEW, NULL, 0);
	CHECK(parse(msg, &m, NULL) == -EINVAL, "reply without records is rejected");
	nlmsg_free(msg);
}

static void test_wrong_type_or_cmd(void)
{
	struct taskstats ts;
	struct aggr a = { TASKSTATS_TYPE_AGGR_PID, .id = 1, .stats = &ts,
			  .stats_len = sizeof(ts) };
	struct nl_msg *msg;
	struct td_msg m;

	fill(&ts, TASKSTATS_VERSION);
	msg = build(TEST_FAMILY + 1, TASKSTATS_CMD_NEW, &a, 1);
	CHECK(parse(msg, &m, NULL) == -EINVAL, "another family's message is rejected");
	nlmsg_free(msg);

	msg = build(TEST_FAMILY, TASKSTATS_CMD_GET, &a, 1);
	CHECK(parse(msg, &m, NULL) == -EINVAL, "a command other than NEW is rejected");
	nlmsg_free(msg);
}

static void test_lengths(void)
{
	struct taskstats ts;
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
	struct taskstats ts;
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
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--corpus"))
		corpus_dir = argv[2];
	test_current_version();
	test_exit_pid_and_tgid();
	test_version1();
	test_version_gates_fields();
	test_short_for_version();
	test_newer_version();
	test_bad_stats();
	test_missing_attrs();
	test_wrong_type_or_cmd();
	test_lengths();
	test_nlmsg_error();
	test_comm_sanitised();
	printf("# test_parse: done\n");
	return failed ? 1 : 0;
}
