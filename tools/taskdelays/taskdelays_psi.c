// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/pressure parser, see taskdelays_psi.h.  The kernel writes
 * (kernel/sched/psi.c: psi_show())
 *   some avg10=0.00 avg60=0.00 avg300=0.00 total=0
 *   full avg10=0.00 avg60=0.00 avg300=0.00 total=0
 * and for irq the "full" line only.  A line of another shape is an
 * error naming it, never a zero.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "taskdelays_psi.h"

const char *const td_psi_names[TD_PSI_NR] = {
	[TD_PSI_CPU] = "cpu", [TD_PSI_MEMORY] = "memory",
	[TD_PSI_IO] = "io", [TD_PSI_IRQ] = "irq",
};

static int td_psi_line(const char *line, int nr, struct td_psi *p)
{
	struct td_psi_line *l;
	char kind[8];
	const char *total;
	int used = 0;

	if (sscanf(line, "%7s", kind) != 1)
		goto bad;
	if (!strcmp(kind, "some"))
		l = &p->some;
	else if (!strcmp(kind, "full"))
		l = &p->full;
	else
		goto bad;
	if (l->present) {
		snprintf(p->why, sizeof(p->why), "line %d: a second \"%s\" line",
			 nr, kind);
		return -EINVAL;
	}
	if (sscanf(line, "%*s avg10=%lf avg60=%lf avg300=%lf total=%" SCNu64 "%n",
		   &l->avg[0], &l->avg[1], &l->avg[2], &l->total_us, &used) != 4 ||
	    line[used + strspn(line + used, " ")])
		goto bad;
	/* scanf takes "-1" for an unsigned number; the kernel never writes it */
	total = strstr(line, "total=");
	if (!total || !isdigit((unsigned char)total[6]))
		goto bad;
	for (used = 0; used < 3; used++)
		if (!(l->avg[used] >= 0 && l->avg[used] <= 100)) {
			snprintf(p->why, sizeof(p->why),
				 "line %d: an average of %g%%", nr, l->avg[used]);
			return -EINVAL;
		}
	l->present = true;
	return 0;
bad:
	snprintf(p->why, sizeof(p->why), "line %d: not \"some|full avg10=N avg60=N avg300=N total=N\"",
		 nr);
	return -EINVAL;
}

int td_psi_parse(const char *text, struct td_psi *p)
{
	int nr = 0;

	memset(p, 0, sizeof(*p));
	while (*text) {
		size_t len = strcspn(text, "\n");
		char line[128];

		nr++;
		if (len >= sizeof(line)) {
			snprintf(p->why, sizeof(p->why), "line %d: too long", nr);
			return -EINVAL;
		}
		memcpy(line, text, len);
		line[len] = '\0';
		if (td_psi_line(line, nr, p))
			return -EINVAL;
		text += len + (text[len] == '\n');
	}
	if (!p->some.present && !p->full.present) {
		snprintf(p->why, sizeof(p->why), "empty");
		return -EINVAL;
	}
	p->present = true;
	return 0;
}

int td_psi_read(const char *dir, struct td_psi p[TD_PSI_NR])
{
	int i, n = 0;

	for (i = 0; i < TD_PSI_NR; i++) {
		char path[64], text[512], why[96];
		size_t len;
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", dir, td_psi_names[i]);
		memset(&p[i], 0, sizeof(p[i]));
		f = fopen(path, "r");
		if (!f) {
			p[i].absent = errno == ENOENT;
			snprintf(p[i].why, sizeof(p[i].why), "%s: %s", path,
				 strerror(errno));
			continue;
		}
		len = fread(text, 1, sizeof(text) - 1, f);
		if (ferror(f))
			snprintf(p[i].why, sizeof(p[i].why), "%s: %s", path,
				 strerror(errno));
		fclose(f);
		if (p[i].why[0])
			continue;
		text[len] = '\0';
		if (td_psi_parse(text, &p[i])) {
			snprintf(why, sizeof(why), "%.95s", p[i].why);
			snprintf(p[i].why, sizeof(p[i].why), "%s %s", path, why);
			continue;
		}
		n++;
	}
	return n;
}
