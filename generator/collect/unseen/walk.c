// SPDX-License-Identifier: GPL-2.0
/*
 * walk - a find-like file-tree walk: getdents, stat, open, read
 *
 * Setup makes a tree of DIRS x FILES small files under each ROOT given
 * (default /tmp, a tmpfs in the guest; a mounted disk file system is
 * walked the same way when its mount point is given).  Each step walks
 * one whole tree, the roots in turn: every directory read with
 * getdents64 (readdir), every entry stat'ed (fstatat), every file
 * opened, read and closed.  Each walk must find every file it made.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "unseen.h"

#define DIRS		32
#define FILES		100	/* per directory */
#define FILE_BYTES	64
#define MAX_ROOTS	8

static char trees[MAX_ROOTS][256];
static int ntrees;
static unsigned long files_seen, stats, walks;

static void make_tree(const char *root, char *tree, size_t len)
{
	char path[512], data[FILE_BYTES];
	int d, f, fd;

	snprintf(tree, len, "%s/unseen-walk.%d", root, (int)getpid());
	if (mkdir(tree, 0700) < 0)
		unseen_die(tree);
	memset(data, 'w', sizeof(data));
	for (d = 0; d < DIRS; d++) {
		snprintf(path, sizeof(path), "%s/d%02d", tree, d);
		if (mkdir(path, 0700) < 0)
			unseen_die(path);
		for (f = 0; f < FILES; f++) {
			snprintf(path, sizeof(path), "%s/d%02d/f%03d", tree, d,
				 f);
			fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
			if (fd < 0)
				unseen_die(path);
			if (write(fd, data, sizeof(data)) != sizeof(data))
				unseen_die(path);
			close(fd);
		}
	}
}

/* Every entry of DIR: stat'ed; directories walked, files read. */
static unsigned long walk_dir(const char *dir)
{
	char path[512], data[FILE_BYTES * 2];
	unsigned long files = 0;
	struct dirent *de;
	struct stat st;
	DIR *dp;
	int fd;

	dp = opendir(dir);
	if (!dp)
		unseen_die(dir);
	while ((de = readdir(dp))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (fstatat(dirfd(dp), de->d_name, &st,
			    AT_SYMLINK_NOFOLLOW) < 0)
			unseen_die(de->d_name);
		stats++;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		if (S_ISDIR(st.st_mode)) {
			files += walk_dir(path);
			continue;
		}
		fd = openat(dirfd(dp), de->d_name, O_RDONLY);
		if (fd < 0)
			unseen_die(path);
		if (read(fd, data, sizeof(data)) != FILE_BYTES)
			unseen_fail("%s: not %d bytes", path, FILE_BYTES);
		close(fd);
		files++;
	}
	closedir(dp);
	return files;
}

static void walk_setup(int argc, char **argv)
{
	int i;

	if (argc > MAX_ROOTS)
		unseen_fail("at most %d roots", MAX_ROOTS);
	for (i = 0; i < argc; i++)
		make_tree(argv[i], trees[i], sizeof(trees[i]));
	if (!argc)
		make_tree("/tmp", trees[argc++], sizeof(trees[0]));
	ntrees = argc;
}

static void walk_step(void)
{
	const char *tree = trees[walks++ % ntrees];
	unsigned long files = walk_dir(tree);

	if (files != DIRS * FILES)
		unseen_fail("%s: %lu files found, %d made", tree, files,
			    DIRS * FILES);
	files_seen += files;
}

static void remove_tree(const char *tree)
{
	char path[512];
	int d, f;

	for (d = 0; d < DIRS; d++) {
		for (f = 0; f < FILES; f++) {
			snprintf(path, sizeof(path), "%s/d%02d/f%03d", tree, d,
				 f);
			if (unlink(path) < 0)
				unseen_die(path);
		}
		snprintf(path, sizeof(path), "%s/d%02d", tree, d);
		if (rmdir(path) < 0)
			unseen_die(path);
	}
	if (rmdir(tree) < 0)
		unseen_die(tree);
}

static void walk_finish(unsigned long iterations)
{
	int i;

	for (i = 0; i < ntrees; i++)
		remove_tree(trees[i]);
	if (walks != iterations)
		unseen_fail("%lu walks in %lu iterations", walks, iterations);
	unseen_count("roots", ntrees);
	unseen_count("walks", walks);
	unseen_count("files", files_seen);
	unseen_count("stats", stats);
}

const struct unseen_class unseen_class = {
	.name = "walk",
	.usage = "[ROOT...]",
	.setup = walk_setup,
	.step = walk_step,
	.finish = walk_finish,
};
