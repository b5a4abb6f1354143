// SPDX-License-Identifier: GPL-2.0
/* Printing of TASKSTATS records for taskdelays */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "taskstats_layout.h"
#include "taskdelays_print.h"

#define TD_SYSCTL "/proc/sys/kernel/task_delayacct"

/* Whether a process's max and min over its threads are shown */
static bool td_threads_minmax(const struct td_stats *st)
{
	int i;

	for (i = 0; st->is_tgid && st->minmax_threads && i < TD_NR_DELAYS; i++)
		if (st->delay[i].present && st->delay[i].have_minmax)
			return true;
	return false;
}

bool td_check_life(struct td_stats *st)
{
	uint64_t life;
	bool any = false;
	int i;

	if (!st->have_etime)
		return false;
	life = st->etime_us * 1000;
	for (i = 0; i < TD_NR_DELAYS; i++) {
		struct td_delay_val *v = &st->delay[i];

		v->beyond_life = v->present &&
				 (v->total_ns > life ||
				  (v->have_minmax && v->max_ns > life));
		any |= v->beyond_life;
	}
	return any;
}

/* The delays flagged by td_check_life(), on a line of their own */
static void td_print_beyond_life(FILE *f, const struct td_stats *st, bool raw)
{
	const char *sep = "";
	int i;

	for (i = 0; i < TD_NR_DELAYS && !st->delay[i].beyond_life; i++)
		;
	if (i == TD_NR_DELAYS)
		return;
	/* -r keeps the /proc file's lines: the flag goes to stderr */
	if (raw)
		f = stderr;
	fprintf(f, "%s", raw ? "taskdelays: " : "# ! ");
	for (i = 0; i < TD_NR_DELAYS; i++)
		if (st->delay[i].beyond_life) {
			fprintf(f, "%s%s", sep, td_delays[i].name);
			sep = ", ";
		}
	fprintf(f, ": the kernel reports more delay than the task's %.3f s of life: its figure, impossible, not a measurement\n",
		st->etime_us / 1e6);
}

void td_print_stats(FILE *f, const struct td_stats *st, bool raw, bool verbose)
{
	int i;

	/* -r prints the /proc file's lines only: the name goes to stderr */
	fprintf(raw ? stderr : f, "%s%s %" PRIu32 " (%s)\n",
		raw ? "taskdelays: " : "", st->is_tree ? "TREE" :
		st->is_tgid ? "TGID" : "PID", st->id,
		st->have_comm ? st->comm : "?");
	if (verbose || st->version > TD_TS_KNOWN_VERSION)
		fprintf(f, "# taskstats version %u, %zu bytes%s\n", st->version,
			st->len, st->version > TD_TS_KNOWN_VERSION ?
			", newer than this tool knows: extra fields ignored" : "");
	if (!raw)
		fprintf(f, "%-10s %12s %16s %14s\n", "delay", "count",
			"total ns", "average ms");
	for (i = 0; i < TD_NR_DELAYS; i++) {
		const struct td_delay_val *v = &st->delay[i];
		const char *name = td_delays[i].name;

		if (!v->present) {
			/* not kept by this kernel, or not collected now */
			fprintf(f, raw ? "%s: n/a\n" : "%-10s %12s\n", name,
				"n/a");
			continue;
		}
		if (raw) {
			fprintf(f, "%s: %" PRIu64 " %" PRIu64 "\n", name,
				v->count, v->total_ns);
			continue;
		}
		fprintf(f, "%-10s %12" PRIu64 " %16" PRIu64 " %14.3f", name,
			v->count, v->total_ns, td_delay_avg_ns(v) / 1e6);
		if (v->have_minmax)
			fprintf(f, "  max %.3f min %.3f ms", v->max_ns / 1e6,
				v->min_ns / 1e6);
		if (v->beyond_life)
			fprintf(f, "  !");
		fprintf(f, "\n");
	}
	td_print_beyond_life(f, st, raw);
	if (!raw && td_threads_minmax(st))
		fprintf(f, "# max and min over the %u thread%s read; the kernel keeps no max of exited threads\n",
			st->minmax_threads, st->minmax_threads == 1 ? "" : "s");
	if (verbose && st->have_cpu_run)
		fprintf(f, "# cpu run real %" PRIu64 " ns, virtual %" PRIu64 " ns\n",
			st->cpu_run_real_ns, st->cpu_run_virtual_ns);
}

void td_json_str(FILE *f, const char *s)
{
	fputc('"', f);
	while (*s) {
		unsigned char c = *s;
		/* JSON strings are UTF-8: valid characters go as they are */
		size_t len = td_utf8_len(s, strlen(s));

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			fprintf(f, "\\u%04x", c);
		else if (!len)
			fprintf(f, "\\ufffd");
		else
			fwrite(s, 1, len, f);
		s += len ? len : 1;
	}
	fputc('"', f);
}

static void td_json_u64(FILE *f, bool have, uint64_t v)
{
	if (have)
		fprintf(f, "%" PRIu64, v);
	else
		fprintf(f, "null");
}

void td_print_stats_json(FILE *f, const struct td_stats *st, bool more)
{
	int i;

	fprintf(f, "{\"type\":\"%s\",\"id\":%" PRIu32 ",\"comm\":",
		st->is_tree ? "tree" : st->is_tgid ? "tgid" : "pid", st->id);
	if (st->have_comm)
		td_json_str(f, st->comm);
	else
		fprintf(f, "null");
	fprintf(f, ",\"version\":%u,\"delays\":{", st->version);
	for (i = 0; i < TD_NR_DELAYS; i++) {
		const struct td_delay_val *v = &st->delay[i];

		fprintf(f, "%s\"%s\":", i ? "," : "", td_delays[i].name);
		if (!v->present) {
			fprintf(f, "null");
			continue;
		}
		fprintf(f, "{\"count\":%" PRIu64 ",\"total_ns\":%" PRIu64
			",\"avg_ns\":%" PRIu64 ",\"max_ns\":", v->count,
			v->total_ns, td_delay_avg_ns(v));
		td_json_u64(f, v->have_minmax, v->max_ns);
		fprintf(f, ",\"min_ns\":");
		td_json_u64(f, v->have_minmax, v->min_ns);
		fprintf(f, ",\"impossible\":%s}", v->beyond_life ? "true" : "false");
	}
	fprintf(f, "},\"minmax_threads\":");
	td_json_u64(f, td_threads_minmax(st), st->minmax_threads);
	fprintf(f, ",\"acct_late\":%s", st->acct_late < 0 ? "null" :
		st->acct_late ? "true" : "false");
	fprintf(f, ",\"cpu_run_real_ns\":");
	td_json_u64(f, st->have_cpu_run, st->cpu_run_real_ns);
	fprintf(f, ",\"read_bytes\":");
	td_json_u64(f, st->have_io, st->read_bytes);
	fprintf(f, ",\"write_bytes\":");
	td_json_u64(f, st->have_io, st->write_bytes);
	if (!more)
		fprintf(f, "}\n");
}

void td_comm_from_proc(struct td_stats *st)
{
	char path[32], line[sizeof(st->comm)];
	FILE *f;

	if (st->have_comm)
		return;
	snprintf(path, sizeof(path), "/proc/%" PRIu32 "/comm", st->id);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		td_utf8_clean(st->comm, line, sizeof(st->comm) - 1);
		st->have_comm = true;
	}
	fclose(f);
}

void td_proc_path(char *buf, size_t len, unsigned long tgid,
		  unsigned long tid, bool thread, const char *file)
{
	if (thread)
		snprintf(buf, len, "/proc/%lu/task/%lu/%s", tgid, tid, file);
	else
		snprintf(buf, len, "/proc/%lu/%s", tgid, file);
}

int td_proc_untracked(unsigned long tgid, unsigned long tid, bool thread)
{
	char path[64], line[64];
	unsigned int n = 0;
	FILE *f;

	td_proc_path(path, sizeof(path), tgid, tid, thread, "delays");
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "untracked: %u", &n) == 1)
			break;
	fclose(f);
	return n;
}

int td_proc_io(unsigned long tgid, unsigned long tid, bool thread,
	       uint64_t io[2])
{
	unsigned long long v;
	char path[64], line[64];
	int found = 0;
	FILE *f;

	td_proc_path(path, sizeof(path), tgid, tid, thread, "io");
	f = fopen(path, "r");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "read_bytes: %llu", &v) == 1) {
			io[0] = v;
			found |= 1;
		} else if (sscanf(line, "write_bytes: %llu", &v) == 1) {
			io[1] = v;
			found |= 2;
		}
	}
	fclose(f);
	return found == 3 ? 0 : -ENODATA;
}

/* The number after @key ("Uid:") in /proc/<id>/status */
static int td_proc_status(unsigned long id, const char *key, uint32_t *val)
{
	char path[32], line[128];
	size_t len = strlen(key);
	unsigned int v;
	int err = -ENODATA;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%lu/status", id);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, len) && sscanf(line + len, "%u", &v) == 1) {
			*val = v;
			err = 0;
			break;
		}
	fclose(f);
	return err;
}

int td_proc_uid(unsigned long tgid, uint32_t *uid)
{
	return td_proc_status(tgid, "Uid:", uid);
}

int td_proc_tgid(unsigned long tid, uint32_t *tgid)
{
	return td_proc_status(tid, "Tgid:", tgid);
}

int td_stats_from_proc(bool tgid, unsigned long id, struct td_stats *st)
{
	char path[64], line[128];
	FILE *f;
	int i;

	td_proc_path(path, sizeof(path), id, id, !tgid, "delays");
	f = fopen(path, "r");
	if (!f)
		return -errno;
	memset(st, 0, sizeof(*st));
	st->acct_late = -1;
	st->is_tgid = tgid;
	st->id = id;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long count, total;
		char key[32];

		/* keys this tool does not know are skipped, as documented */
		if (sscanf(line, "%31[a-z]: %llu %llu", key, &count, &total) != 3)
			continue;
		for (i = 0; i < TD_NR_DELAYS; i++) {
			if (strcmp(key, td_delays[i].name))
				continue;
			st->delay[i].present = true;
			st->delay[i].count = count;
			st->delay[i].total_ns = total;
		}
	}
	if (ferror(f)) {
		i = -errno;
		fclose(f);
		return i;
	}
	fclose(f);
	td_comm_from_proc(st);
	return 0;
}

void td_acct_read(struct td_acct *a)
{
	FILE *f = fopen(TD_SYSCTL, "r");

	a->on = -1;
	if (f) {
		if (fscanf(f, "%d", &a->on) != 1)
			a->on = -1;
		fclose(f);
	}
	a->proc_file = !access("/proc/self/delays", F_OK);
}

void td_acct_follow(struct td_acct *a)
{
	struct td_since since = a->since;

	td_acct_read(a);
	a->since = since;
	td_since_follow(&a->since, a->on);
}

const char *td_acct_warning(const struct td_acct *a)
{
	if (a->on != 0)
		return NULL;
	/* our switch-on gives running tasks storage; a stock kernel does not */
	if (a->proc_file)
		return "delay accounting is off (kernel.task_delayacct = 0): only cpu is collected\n"
		       "sysctl kernel.task_delayacct=1 starts the others, for running tasks too";
	return "delay accounting is off (kernel.task_delayacct = 0): only cpu is collected\n"
	       "sysctl kernel.task_delayacct=1 starts the others, for tasks started after it";
}

int td_acct_switch(bool on, char *msg, size_t len)
{
	int fd = open(TD_SYSCTL, O_WRONLY | O_CLOEXEC), err = 0;

	if (fd < 0 || write(fd, on ? "1\n" : "0\n", 2) != 2)
		err = -errno;
	if (fd >= 0)
		close(fd);
	/* on the status line of an 80-column screen, with the row count */
	switch (err) {
	case 0:
		snprintf(msg, len, "^T: kernel.task_delayacct = %d, %s", on,
			 on ? "measuring anew" : "cpu only");
		break;
	case -EACCES:
	case -EPERM:
		snprintf(msg, len, "^T: not permitted: kernel.task_delayacct is root's");
		break;
	case -ENOENT:
		snprintf(msg, len, "^T: this kernel has no kernel.task_delayacct");
		break;
	default:
		snprintf(msg, len, "^T: kernel.task_delayacct: %s", strerror(-err));
	}
	return err;
}

int td_print_lines(FILE *f, const char *prefix, const char *text)
{
	int n = 0;

	while (*text) {
		size_t len = strcspn(text, "\n");

		fprintf(f, "%s%.*s\n", prefix, (int)len, text);
		text += len + (text[len] == '\n');
		n++;
	}
	return n;
}

void td_print_late(FILE *f, const char *prefix, const struct td_stats *st,
		   const struct td_acct *a)
{
	char when[16];

	td_boot_clock(a->since.ns, when, sizeof(when));
	if (st->acct_late == TD_LATE_YES)
		fprintf(f, "%saccounting started after this task did (kernel.task_delayacct switched on by %s): its delays from before are missing%s\n",
			prefix, when, a->proc_file ? "" :
			"; on this kernel it has no storage, so every delay but cpu stays 0");
	else if (st->acct_late == TD_LATE_UNKNOWN &&
		 a->since.kind == TD_SINCE_UNKNOWN)
		fprintf(f, "%skernel.task_delayacct was switched on after boot, before %s, and this task is older: delays from before the switch may be missing\n",
			prefix, when);
}

void td_acct_apply(const struct td_acct *a, struct td_stats *st)
{
	int i;

	if (a->on != 0)
		return;
	for (i = 0; i < TD_NR_DELAYS; i++)
		if (i != TD_CPU)
			st->delay[i].present = false;
}
