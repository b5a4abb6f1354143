#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench: a synthetic, unsorted readprofile file of one million lines
# (about 57 MB), generated under $BUILDDIR/bench; time
#	sort -rn FILE | perl profile2linkerlist.pl	(the seed's way)
#	profile2linkerlist FILE
# RUNS times each, interleaved; keep the best of each, and report both
# times, the ratio and the peak memory (GNU time's maximum resident set
# size).
set -e
W=$BUILDDIR/bench
LINES=${BENCH_LINES:-1000000}
RUNS=${BENCH_RUNS:-5}
TIME=/usr/bin/time
mkdir -p "$W"
if [ ! -x "$TIME" ]; then
	echo "bench: $TIME (GNU time, Debian package 'time') is needed" >&2
	exit 1
fi
sh "$SRCDIR/tests/extract-seed.sh" "$SEED" "$W"
in=$W/readprofile-$LINES.txt
if [ ! -s "$in" ]; then
	echo "generating $LINES lines of unsorted readprofile output..."
	"$PERL" "$SRCDIR/tests/gen-readprofile.pl" "$W/seed-names.txt" \
		"$LINES" 1 > "$in.tmp"
	mv "$in.tmp" "$in"
fi
size=$(wc -c < "$in")
cat "$in" > /dev/null	# page cache

# one NAME CMD: run once; keep the best wall time (and its CPU time) and
# the largest peak RSS of NAME
one() {
	name=$1
	shift
	$TIME -f '%e %U %S %M' -o "$W/$name.time" "$@"
	read -r e u s m < "$W/$name.time"
	eval "best=\${${name}_wall:-} rss=\${${name}_rss:-0}"
	if [ -z "$best" ] || awk "BEGIN { exit !($e < $best) }"; then
		eval "${name}_wall=$e"
		eval "${name}_cpu=$(awk "BEGIN { printf \"%.2f\", $u + $s }")"
	fi
	[ "$rss" -ge "$m" ] || eval "${name}_rss=$m"
}

LC_ALL=C
export LC_ALL
# interleaved, so that changes in the machine's load hit both alike
for i in $(seq "$RUNS"); do
	one perl sh -c "sort -rn '$in' | $PERL '$W/profile2linkerlist.pl' > '$W/perl.out'"
	one ours sh -c "'$BIN' -q -o '$W/ours.out' '$in' 2> '$W/ours.err'"
done

echo "input: $LINES lines, $size bytes, unsorted"
echo "load:  $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs"
printf 'sort -rn | perl profile2linkerlist.pl: %6.2f s wall  %6.2f s CPU  peak RSS %7d KiB (sort and perl: the largest)\n' \
	"$perl_wall" "$perl_cpu" "$perl_rss"
printf 'profile2linkerlist:                    %6.2f s wall  %6.2f s CPU  peak RSS %7d KiB\n' \
	"$ours_wall" "$ours_cpu" "$ours_rss"
awk -v pw="$perl_wall" -v ow="$ours_wall" -v pc="$perl_cpu" -v oc="$ours_cpu" \
    -v rss="$ours_rss" -v size="$size" 'BEGIN {
	if (ow < 0.01) ow = 0.01
	if (oc < 0.01) oc = 0.01
	printf "ratio: %.1fx faster (wall), %.1fx less CPU; peak RSS %.0f%% of the input size\n",
	       pw / ow, pc / oc, 100 * rss * 1024 / size
	printf "goal:  >= 10x faster: %s; peak RSS under the input size: %s\n",
	       (pw / ow >= 10) ? "met" : "NOT met", (rss * 1024 < size) ? "met" : "NOT met"
}'
echo "lines: perl $(wc -l < "$W/perl.out"), ours $(wc -l < "$W/ours.out")"
