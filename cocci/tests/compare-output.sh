#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The byte-for-byte safety net of a restructuring: converts the same
# trees with the converter of BASE (a commit) and with the working
# tree's, and compares what each wrote (patches, series, report.txt),
# its summary (stdout), its diagnostics (stderr) and its exit status,
# byte for byte.  A commit that moves code and changes no output passes;
# the first differing file of a tree is named, with its diff.
#
# Trees: the legacy modules (load/legacy), the converter test trees
# (convert/tree, convert/streams, the convert/classes* trees, the trees
# of convert/check-build, of macros/ and of load/fixtures*), the
# top-level cases (tests/*.c, *.h and include/, copied into one tree),
# the 2.2 tree of ../shared/corpus when there (SKIP otherwise) and, with
# --linux DIR, a 6.1 tree (slow: minutes).  Inputs are the working
# tree's for both converters: only the converter differs.
#
# Not part of `make check`: against the commit it is run in it compares
# a converter with itself, and its use is a restructuring's own commits
# against the commit the restructuring started from.
#
# KTAP (scripts/ktap.sh), one result per tree.  Scratch and results
# under build/compare-output/ (base/TREE and work/TREE, kept to diff).
# --no-corpus leaves the 2.2 tree out (about 9 of the 11 minutes on a
# loaded 2-core machine).
# usage: compare-output.sh [--linux DIR] [--no-corpus] [--jobs N] BASE_COMMIT

set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
usage="usage: compare-output.sh [--linux DIR] [--no-corpus] [--jobs N] BASE_COMMIT"
linux= jobs=2 nocorpus=0
while [ $# -gt 0 ]; do
	case $1 in
	--linux) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; linux=$2; shift 2 ;;
	--no-corpus) nocorpus=1; shift ;;
	--jobs) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; jobs=$2; shift 2 ;;
	-*) echo "$usage" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || { echo "$usage" >&2; exit 2; }
base=$(git -C "$repo" rev-parse --verify -q "$1^{commit}") ||
	{ echo "compare-output.sh: error: $1: no such commit" >&2; exit 2; }
[ -z "$linux" ] || [ -d "$linux" ] ||
	{ echo "compare-output.sh: error: --linux $linux: no such directory" >&2; exit 2; }

S=$repo/build/compare-output
corpus=$repo/../shared/corpus/linux-2.2.26.tar.xz
rm -rf "$S/base-src" "$S/base" "$S/work" "$S/run" "$S/cases"
mkdir -p "$S/base-src" "$S/base" "$S/work" "$S/run" || exit 2
git -C "$repo" archive "$base" cocci scripts | tar -x -C "$S/base-src" ||
	{ echo "compare-output.sh: error: cannot extract $base" >&2; exit 2; }

# the tool's patches at a fixed date and author: neither the clock nor
# the user's identity differs between the two runs
MODPARM_AUTHOR="modparm-convert <modparm-convert@localhost>" SOURCE_DATE_EPOCH=0
export MODPARM_AUTHOR SOURCE_DATE_EPOCH

. "$repo/scripts/ktap.sh"
ktap_why=$S/why

# the top-level cases as one tree: each case is converted there beside
# the others, with the headers and include/ they name
mkdir -p "$S/cases/cases" &&
	cp "$here"/*.c "$here"/*.h "$S/cases/cases/" && cp -r "$here/include" "$S/cases/cases/" || exit 2

# run SIDE CONV NAME SRC [ARGS...]: CONV on SRC (run from SRC's parent,
# so that the paths it prints are the same for both), into SIDE/NAME:
# out/, stdout, stderr, rc.  OUT is one path for both converters.
run() {
	side=$1 cv=$2 name=$3 src=$4
	shift 4
	d=$S/$side/$name
	mkdir -p "$d" && rm -rf "$S/run/out"
	(cd "$(dirname "$src")" && nice "$cv" --jobs "$jobs" --out "$S/run/out" "$@" "$(basename "$src")") \
		> "$d/stdout" 2> "$d/stderr"
	echo $? > "$d/rc"
	[ ! -e "$S/run/out" ] || mv "$S/run/out" "$d/out"
}

# compare NAME SRC [ARGS...]: both converters, then one result
compare() {
	name=$1 src=$2
	shift 2
	t0=$(date +%s)
	run base "$S/base-src/cocci/modparm-convert" "$name" "$src" "$@"
	run work "$repo/cocci/modparm-convert" "$name" "$src" "$@"
	t1=$(date +%s)
	first=$(cd "$S" && LC_ALL=C diff -rq "base/$name" "work/$name" 2>&1 | head -n 1)
	if [ -z "$first" ]; then
		ok "$name: same bytes ($(cat "$S/work/$name/rc"), $((t1 - t0)) s for both)"
	else
		(cd "$S" && LC_ALL=C diff -ru "base/$name" "work/$name") > "$ktap_why" 2>&1
		result "$name: differs: $first" 1
	fi
}

compare legacy "$here/load/legacy"
compare tree "$here/convert/tree" --name tree
compare streams "$here/convert/streams"
compare streams-hpux "$here/convert/streams" \
	-I "$here/convert/streams/include" -I "$here/convert/streams/arch/hpux/include"
for t in classes classes-alsa classes-build classes-multi; do
	compare "$t" "$here/convert/$t"
done
for t in compat helpers; do
	compare "check-build-$t" "$here/convert/check-build/$t"
done
for t in "$here"/macros/*; do
	case $t in *.res|*.diag|*.sum) continue ;; esac
	compare "macros-$(basename "$t" .c)" "$t"
done
for t in fixtures fixtures-bad fixtures-bsd; do
	compare "load-$t" "$here/load/$t"
done
compare cases "$S/cases/cases"

if [ "$nocorpus" = 1 ]; then
	skip "linux-2.2" "--no-corpus"
elif [ -f "$corpus" ]; then
	if [ ! -d "$S/linux-2.2.26" ]; then
		mkdir -p "$S/corpus.tmp" && tar -xJf "$corpus" -C "$S/corpus.tmp" &&
			mv "$S/corpus.tmp"/* "$S/linux-2.2.26" && rmdir "$S/corpus.tmp"
	fi
	compare linux-2.2 "$S/linux-2.2.26"
else
	skip "linux-2.2" "no $corpus"
fi
if [ -n "$linux" ]; then
	compare linux "$(cd "$linux" && pwd)"
else
	skip "linux" "no --linux DIR (a 6.1 tree, e.g. build/linux-pristine)"
fi
finish
