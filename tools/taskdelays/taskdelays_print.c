// SPDX-License-Identifier: GPL-2.0
/* Printing of TASKSTATS records for taskdelays */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "taskstats_layout.h"
#include "taskdelays_print.h"

#define TD_SYSCTL "/proc/sys/kernel/task_delayacct"

void td_print_stats(FILE *f, const struct td_stats *st, bool raw, bool verbose)
{
	int i;

	fprintf(f, "%s %" PRIu32 " (%s)\n", st->is_tgid ? "TGID" : "PID",
		st->id, st->have_comm ? st->comm : "?");
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
			/* an older kernel does not keep this delay */
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
		fprintf(f, "\n");
	}
	if (verbose && st->have_cpu_run)
		fprintf(f, "# cpu run real %" PRIu64 " ns, virtual %" PRIu64 " ns\n",
			st->cpu_run_real_ns, st->cpu_run_virtual_ns);
}

void td_comm_from_proc(struct td_stats *st)
{
	char path[32];
	FILE *f;

	if (st->have_comm)
		return;
	snprintf(path, sizeof(path), "/proc/%" PRIu32 "/comm", st->id);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(st->comm, sizeof(st->comm), f)) {
		st->comm[strcspn(st->comm, "\n")] = '\0';
		st->have_comm = true;
	}
	fclose(f);
}

int td_stats_from_proc(bool tgid, unsigned long id, struct td_stats *st)
{
	char path[64], line[128];
	FILE *f;
	int i;

	if (tgid)
		snprintf(path, sizeof(path), "/proc/%lu/delays", id);
	else
		snprintf(path, sizeof(path), "/proc/%lu/task/%lu/delays", id, id);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	memset(st, 0, sizeof(*st));
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

int td_check_delayacct(void)
{
	FILE *f = fopen(TD_SYSCTL, "r");
	int on = -1;

	if (!f)
		return -1;
	if (fscanf(f, "%d", &on) != 1)
		on = -1;
	fclose(f);
	if (on == 0)
		fprintf(stderr,
			"taskdelays: delay accounting is off (kernel.task_delayacct = 0): only cpu delay is collected.\n"
			"taskdelays: enable it with 'sysctl kernel.task_delayacct=1' or the 'delayacct' boot option; tasks started before that keep no other delays.\n");
	return on;
}
