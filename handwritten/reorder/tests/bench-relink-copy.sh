#!/bin/sh
# Make or bring up to date the relink tree: a copy of a kernel build
# directory that kbuild can relink without compiling anything.
#
# usage: bench-relink-copy.sh KBUILD_OUT COPY
#
# COPY gets KBUILD_OUT's files with their timestamps (rsync -a --delete:
# a first copy takes the whole tree, a later one only what KBUILD_OUT
# rebuilt since, and it takes back what relinking changed in the copy).
# Kbuild itself records only relative paths, but the tools it builds
# (objtool, fixdep, libsubcmd) are built with O= absolute, and their
# .cmd files hold the commands with KBUILD_OUT's path: left so, the copy
# sees every command changed, rebuilds objtool, and then every object,
# which depends on objtool.  So KBUILD_OUT's path in those .cmd files
# becomes COPY's, with the files' timestamps kept.  KBUILD_OUT is only
# read.
set -eu
[ $# -eq 2 ] || { echo "usage: bench-relink-copy.sh KBUILD_OUT COPY" >&2; exit 2; }
die() { echo "bench-relink-copy: $*" >&2; exit 1; }
[ -f "$1/.config" ] || die "$1/.config: not found; build the kernel first"
kout=$(cd "$1" && pwd -P)
mkdir -p "$2"
copy=$(cd "$2" && pwd -P)
case $copy/ in "$kout"/*) die "$copy is inside $kout" ;; esac
case $kout/ in "$copy"/*) die "$kout is inside $copy" ;; esac
rsync -a --delete "$kout/" "$copy/"
# The old path is replaced where a path ends: "kbuild-bench/x" and
# "kbuild-bench " become the copy's, "kbuild-bench-stock/x" stays.
stamp=$copy/.relink-copy-mtime
find "$copy/tools" -name '.*.cmd' -type f 2>/dev/null | while read -r f; do
	grep -qF "$kout" "$f" || continue
	touch -r "$f" "$stamp"
	OLD=$kout NEW=$copy perl -pi -e 's/\Q$ENV{OLD}\E(?=[\/\s:;"'"'"')=,]|$)/$ENV{NEW}/g' "$f"
	touch -r "$stamp" "$f"
done
rm -f "$stamp"
