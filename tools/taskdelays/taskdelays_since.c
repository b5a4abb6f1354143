// SPDX-License-Identifier: GPL-2.0
/* When delay accounting started, compared with a task's start */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "taskdelays_since.h"

uint64_t td_boot_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* "delayacct" as a word of /proc/cmdline: on since boot */
static bool td_boot_param(void)
{
	static const char sep[] = " \t\n";
	char line[4096], *tok, *save;
	bool found = false;
	FILE *f = fopen("/proc/cmdline", "r");

	if (!f)
		return false;
	if (fgets(line, sizeof(line), f))
		for (tok = strtok_r(line, sep, &save); tok && !found;
		     tok = strtok_r(NULL, sep, &save))
			found = !strcmp(tok, "delayacct");
	fclose(f);
	return found;
}

void td_since_follow(struct td_since *s, int on)
{
	bool first = !s->ns && s->kind == TD_SINCE_OFF;
	uint64_t now = td_boot_ns();

	if (on != 1) {
		s->kind = TD_SINCE_OFF;
		s->ns = now;
		return;
	}
	if (first)
		*s = (struct td_since){
			.kind = td_boot_param() ? TD_SINCE_BOOT : TD_SINCE_UNKNOWN,
			.ns = now,
		};
	else if (s->kind == TD_SINCE_OFF)
		*s = (struct td_since){ .kind = TD_SINCE_SEEN, .ns = now };
}

int td_since_late(const struct td_since *s, uint64_t start_ns)
{
	switch (s->kind) {
	case TD_SINCE_BOOT:
		return TD_LATE_NO;
	case TD_SINCE_SEEN:
		/* switched on at some time up to s->ns: a task started
		 * before it may have missed the start
		 */
		return start_ns < s->ns ? TD_LATE_YES : TD_LATE_NO;
	case TD_SINCE_UNKNOWN:
		return start_ns < s->ns ? TD_LATE_UNKNOWN : TD_LATE_NO;
	default:
		return TD_LATE_UNKNOWN;
	}
}

int td_proc_start_ns(unsigned long tgid, unsigned long tid, bool thread,
		     uint64_t *ns)
{
	unsigned long long ticks;
	char path[64], buf[1024], *p;
	long hz = sysconf(_SC_CLK_TCK);
	size_t n;
	int i;
	FILE *f;

	if (thread)
		snprintf(path, sizeof(path), "/proc/%lu/task/%lu/stat", tgid, tid);
	else
		snprintf(path, sizeof(path), "/proc/%lu/stat", tgid);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	/* the comm in parentheses may hold spaces: count after its end */
	p = strrchr(buf, ')');
	for (i = 2; p && i < 22; i++)
		p = strchr(p + 1, ' ');
	if (!p || sscanf(p, " %llu", &ticks) != 1 || hz <= 0)
		return -EPROTO;
	*ns = ticks * (1000000000ULL / hz);
	return 0;
}

void td_boot_clock(uint64_t ns, char *buf, unsigned long len)
{
	time_t t = time(NULL) - (time_t)((td_boot_ns() - ns) / 1000000000ULL);
	struct tm tm;

	if (!localtime_r(&t, &tm) || !strftime(buf, len, "%H:%M:%S", &tm))
		snprintf(buf, len, "?");
}
