// SPDX-License-Identifier: GPL-2.0
/*
 * -C PATH: CGROUPSTATS_CMD_GET with an open directory.  Linux 6.1 answers
 * only for a directory of a cgroup v1 hierarchy (cgroupstats_build()
 * checks the superblock against cgroup_fs_type, never cgroup2's), so the
 * path is checked first and a cgroup2 or other directory is refused
 * naming what it is, rather than leaving the kernel's bare EINVAL.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <linux/magic.h>

#include "taskdelays_cgroup.h"
#include "taskdelays_print.h"

/* How to make a directory CGROUPSTATS counts */
#define TD_CG_HOWTO "a cgroup v1 hierarchy, e.g. mount -t cgroup -o none,name=NAME cgroup DIR"

/* Whether /proc/filesystems lists @fs */
static bool td_have_fs(const char *fs)
{
	char line[128], name[64];
	bool found = false;
	FILE *f = fopen("/proc/filesystems", "r");

	if (!f)
		return true;	/* cannot tell: do not claim it is missing */
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "nodev %63s", name) == 1 &&
			!strcmp(name, fs);
	fclose(f);
	return found;
}

int td_cg_open(struct td_cg *cg, const char *path)
{
	struct statfs sfs;

	memset(cg, 0, sizeof(*cg));
	cg->path = path;
	cg->fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (cg->fd < 0) {
		if (errno == ENOTDIR)
			fprintf(stderr, "taskdelays: -C %s: not a directory; -C takes a cgroup directory of %s\n",
				path, TD_CG_HOWTO);
		else
			fprintf(stderr, "taskdelays: -C %s: %s\n", path,
				strerror(errno));
		return -1;
	}
	if (fstatfs(cg->fd, &sfs)) {
		fprintf(stderr, "taskdelays: -C %s: %s\n", path, strerror(errno));
		goto fail;
	}
	if (sfs.f_type == CGROUP_SUPER_MAGIC)
		return 0;
	if (sfs.f_type == CGROUP2_SUPER_MAGIC)
		fprintf(stderr, "taskdelays: -C %s: a cgroup v2 directory; CGROUPSTATS counts only the directories of %s\n",
			path, TD_CG_HOWTO);
	else if (!td_have_fs("cgroup"))
		fprintf(stderr, "taskdelays: -C %s: not a cgroup directory, and this kernel has no cgroup filesystem (CONFIG_CGROUPS)\n",
			path);
	else
		fprintf(stderr, "taskdelays: -C %s: not a cgroup directory (filesystem type 0x%lx); -C takes a directory of %s\n",
			path, (unsigned long)sfs.f_type, TD_CG_HOWTO);
fail:
	close(cg->fd);
	cg->fd = -1;
	return -1;
}

void td_cg_close(struct td_cg *cg)
{
	if (cg->fd >= 0)
		close(cg->fd);
	cg->fd = -1;
}

int td_cg_read(struct td_nl *nl, struct td_cg *cg)
{
	int err = td_nl_cgroup(nl, cg->fd, &cg->counts);

	cg->ok = !err;
	cg->why[0] = '\0';
	switch (err) {
	case 0:
		break;
	case -EINVAL:
		snprintf(cg->why, sizeof(cg->why),
			 "the kernel refused it: CGROUPSTATS counts the directories of cgroup v1 hierarchies only");
		break;
	case -ENOENT:
		snprintf(cg->why, sizeof(cg->why), "the cgroup is being removed");
		break;
	case -EOPNOTSUPP:
		snprintf(cg->why, sizeof(cg->why),
			 "this kernel's TASKSTATS has no CGROUPSTATS command");
		break;
	default:
		snprintf(cg->why, sizeof(cg->why), "%s", strerror(-err));
	}
	return err;
}

static const struct {
	const char *name;	/* as in struct cgroupstats */
	const char *title;
	size_t off;
} td_cg_fields[] = {
	{ "nr_running", "running", offsetof(struct td_cgroup, nr_running) },
	{ "nr_sleeping", "sleeping", offsetof(struct td_cgroup, nr_sleeping) },
	{ "nr_stopped", "stopped", offsetof(struct td_cgroup, nr_stopped) },
	{ "nr_uninterruptible", "uninterruptible",
	  offsetof(struct td_cgroup, nr_uninterruptible) },
	{ "nr_io_wait", "io_wait", offsetof(struct td_cgroup, nr_io_wait) },
};

static uint64_t td_cg_val(const struct td_cg *cg, unsigned int i)
{
	uint64_t v;

	memcpy(&v, (const char *)&cg->counts + td_cg_fields[i].off, sizeof(v));
	return v;
}

void td_cg_print(FILE *f, const struct td_cg *cg, bool raw)
{
	unsigned int i;

	if (raw) {
		for (i = 0; i < ARRAY_SIZE(td_cg_fields); i++)
			fprintf(f, "%s: %" PRIu64 "\n", td_cg_fields[i].name,
				td_cg_val(cg, i));
		return;
	}
	fprintf(f, "cgroup %s:", cg->path);
	if (!cg->ok) {
		fprintf(f, " n/a: %s\n", cg->why);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(td_cg_fields); i++)
		fprintf(f, "%s %s %" PRIu64, i ? "," : "", td_cg_fields[i].title,
			td_cg_val(cg, i));
	fprintf(f, "\n");
}

void td_cg_json(FILE *f, const struct td_cg *cg)
{
	unsigned int i;

	fprintf(f, "{\"path\":");
	td_json_str(f, cg->path);
	if (!cg->ok) {
		fprintf(f, ",\"error\":");
		td_json_str(f, cg->why);
	}
	for (i = 0; i < ARRAY_SIZE(td_cg_fields); i++) {
		fprintf(f, ",\"%s\":", td_cg_fields[i].name);
		if (cg->ok)
			fprintf(f, "%" PRIu64, td_cg_val(cg, i));
		else
			fprintf(f, "null");
	}
	fprintf(f, "}");
}
