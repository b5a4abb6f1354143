// SPDX-License-Identifier: GPL-2.0
/* What the client's tests share, see table.h */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/prctl.h>

#include "kselftest.h"
#include "delays_util.h"
#include "table.h"

/* A header line: "TGID COMM ..." or "TID TGID COMM ..." */
static bool table_header(const char *line, size_t len, struct table *t,
			 size_t *comm_off)
{
	char buf[512], *tok, *save;
	const char *comm;
	int i = 0;

	if (len >= sizeof(buf))
		return false;
	memcpy(buf, line, len);
	buf[len] = '\0';
	comm = strstr(buf, " COMM ");
	if (!comm)
		return false;
	*comm_off = comm + 1 - buf;
	t->threads = !strncmp(buf + strspn(buf, " "), "TID ", 4);
	t->ncols = 0;
	for (tok = strtok_r(buf + *comm_off + 4, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save), i++) {
		if (i == TABLE_MAX_COLS)
			return false;
		snprintf(t->title[i], sizeof(t->title[i]), "%s", tok);
	}
	t->ncols = i;
	return i > 0;
}

/* "512", "9.5K", "12M": bytes per second */
static double table_number(const char *s, bool *ok)
{
	static const char unit[] = "BKMGTP";
	char *end;
	double v = strtod(s, &end);
	const char *u = *end ? strchr(unit, *end) : NULL;

	*ok = end != s && (!*end || (u && !end[1]));
	if (*ok && u)
		v *= 1ULL << (10 * (u - unit));
	return v;
}

static bool table_row(const char *line, size_t len, const struct table *t,
		      size_t comm_off, struct row *r)
{
	char buf[512], *tok, *save;
	bool ok;
	int i;

	if (len >= sizeof(buf) || len < comm_off + 16)
		return false;
	memcpy(buf, line, len);
	buf[len] = '\0';
	memset(r, 0, sizeof(*r));
	if (t->threads ? sscanf(buf, "%d %d", &r->id, &r->tgid) != 2 :
	    sscanf(buf, "%d", &r->id) != 1)
		return false;
	if (!t->threads)
		r->tgid = r->id;
	memcpy(r->comm, buf + comm_off, 15);
	for (i = 14; i >= 0 && r->comm[i] == ' '; i--)
		r->comm[i] = '\0';
	r->mark = buf[comm_off + 15];
	i = 0;
	for (tok = strtok_r(buf + comm_off + 16, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save), i++) {
		if (i == t->ncols)
			return false;
		/* bogus: the kernel's figure, impossible, not a value */
		r->na[i] = !strcmp(tok, "n/a") || !strcmp(tok, "bogus");
		if (r->na[i])
			continue;
		r->val[i] = table_number(tok, &ok);
		if (!ok)
			return false;
	}
	return i == t->ncols;
}

int table_parse(const char *text, struct table *t, struct row *rows, int max)
{
	const char *line = text;
	size_t comm_off = 0;
	bool head = false;
	int n = 0, nr = 0;

	while (*line) {
		size_t len = strcspn(line, "\n");

		if (head && (n >= max ||
			     !table_row(line, len, t, comm_off, &rows[n])))
			break;
		if (head) {
			n++;
		} else {
			head = table_header(line, len, t, &comm_off);
			t->header_line = nr;
		}
		line += len + (line[len] == '\n');
		nr++;
	}
	return head ? n : -1;
}

int table_col(const struct table *t, const char *title)
{
	int i;

	for (i = 0; i < t->ncols; i++)
		if (!strcmp(t->title[i], title))
			return i;
	return -1;
}

double table_val(const struct table *t, const struct row *r,
		 const char *title, double na_val)
{
	int i = table_col(t, title);

	return i < 0 || r->na[i] ? na_val : r->val[i];
}

bool json_delay(const char *json, const char *delay, const char *field,
		unsigned long long *v)
{
	char key[64];
	const char *p, *end;

	snprintf(key, sizeof(key), "\"%s\":{", delay);
	p = strstr(json, key);
	if (!p)
		return false;
	end = strchr(p, '}');
	snprintf(key, sizeof(key), "\"%s\":", field);
	p = strstr(p, key);
	if (!p || !end || p > end)
		return false;
	return sscanf(p + strlen(key), "%llu", v) == 1;
}

char *td_client(void)
{
	char *path = getenv("TASKDELAYS");

	return path ? path : "/usr/bin/taskdelays";
}

bool td_on_host(void)
{
	return getenv("TASKDELAYS") != NULL;
}

void td_begin(void)
{
	ksft_print_header();
	if (getuid())
		ksft_exit_skip("TASKSTATS needs CAP_NET_ADMIN: run as root\n");
	if (access(td_client(), X_OK))
		ksft_exit_fail_msg("%s: missing\n", td_client());
}

pid_t td_named_child(const char *name)
{
	int fd;
	pid_t pid = fork_pipe(&fd, true);
	char c = 0;

	if (pid == 0) {
		/* not left behind by a test that bails out */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		prctl(PR_SET_NAME, name);
		if (write(fd, &c, 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	if (pid > 0 && read(fd, &c, 1) != 1)
		ksft_print_msg("the child did not start\n");
	if (pid > 0)
		close(fd);
	return pid;
}
