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
[ -d "$ksrc" ] || ksrc=$here/../build/pristine-scratch

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

bench() {
	tag=$1 tree=$2
	if [ ! -d "$tree" ]; then
		echo "bench $tag: $tree: no such directory, skipped"
		return
	fi
	nfiles=$(find "$tree" -name '*.[ch]' | wc -l)
	t0=$(now)
	"$here/modparm-convert" --jobs "$jobs" --name "$tag" --out "$out/convert-$tag" \
		"$tree" > "$out/convert-$tag.log" 2>&1
	t1=$(now)
	"$spatch" --sp-file "$here/modparm.cocci" -D patch --very-quiet --no-includes \
		--jobs "$jobs" --dir "$tree" > "$out/spatch-$tag.diff" 2> "$out/spatch-$tag.log"
	t2=$(now)
	c=$(secs "$t0" "$t1") s=$(secs "$t1" "$t2")
	ratio=$(awk -v c="$c" -v s="$s" 'BEGIN { printf "%.1f", (c > 0 ? s / c : 0) }')
	echo "bench $tag ($nfiles .c/.h files, --jobs $jobs): modparm-convert ${c}s," \
		"spatch --dir ${s}s, ratio spatch/convert ${ratio}x"
	tail -n 1 "$out/convert-$tag.log" | sed 's/^/  /'
	head -n 1 "$out/convert-$tag.log" | sed 's/^/  /'
}

bench linux-6.1 "$ksrc"
bench legacy "$legacy"
