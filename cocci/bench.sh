#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# bench.sh OUT JOBS KSRC LEGACY: time modparm-convert against plain
# "spatch --dir" with the same semantic patch and options, on the whole
# 6.1 tree (KSRC) and on the legacy corpus, and print the ratio.
set -u
out=$1 jobs=$2 ksrc=$3 legacy=$4
here=$(cd "$(dirname "$0")" && pwd)
spatch=${SPATCH:-spatch}
mkdir -p "$out"
[ -d "$ksrc" ] || ksrc=$here/../build/linux-pristine

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

bench() {
	tag=$1 tree=$2
	if [ ! -d "$tree" ]; then
		echo "bench $tag: $tree: no such directory, skipped"
		return
	fi
	nfiles=$(find "$tree" -name '*.[ch]' | wc -l)
	# warm the page cache so that neither side pays for the first read
	grep -rlw --include='*.[ch]' MODULE_PARM "$tree" > /dev/null 2>&1
	best_c= best_s=
	for run in 1 2; do
		t0=$(now)
		"$here/modparm-convert" --jobs "$jobs" --name "$tag" --out "$out/convert-$tag" \
			"$tree" > "$out/convert-$tag.log" 2> "$out/convert-$tag.err"
		t1=$(now)
		# Inside a git work tree spatch --dir asks git grep, which skips
		# untracked and ignored files (our build/): make it scan itself.
		GIT_DIR=/nonexistent "$spatch" --sp-file "$here/modparm.cocci" -D patch \
			--very-quiet --no-includes --jobs "$jobs" --dir "$tree" \
			> "$out/spatch-$tag.diff" 2> "$out/spatch-$tag.log"
		t2=$(now)
		c=$(secs "$t0" "$t1") s=$(secs "$t1" "$t2")
		best_c=$(awk -v a="$c" -v b="${best_c:-$c}" 'BEGIN { print (a < b ? a : b) }')
		best_s=$(awk -v a="$s" -v b="${best_s:-$s}" 'BEGIN { print (a < b ? a : b) }')
	done
	ratio=$(awk -v c="$best_c" -v s="$best_s" 'BEGIN { printf "%.2f", (c > 0 ? s / c : 0) }')
	echo "bench $tag ($nfiles .c/.h files, --jobs $jobs, best of 2):" \
		"modparm-convert ${best_c}s, spatch --dir ${best_s}s," \
		"ratio spatch/convert ${ratio}"
	sed 's/^/  /' "$out/convert-$tag.log"
	echo "  spatch --dir: $(grep -c '^+++ ' "$out/spatch-$tag.diff") files changed"
}

bench linux-6.1 "$ksrc"
bench legacy "$legacy"
