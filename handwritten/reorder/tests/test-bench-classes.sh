#!/bin/sh
# Unit test of bench-classes.sh: each unseen class's region of a boot,
# .stats as the kernel-fetch plugin writes them (qemu/plugin/
# kernel-fetch.c: the map's sha256, counts, then each cache's misses
# and its own per-1k figure), measured apart; misses per 1,000 kernel
# instructions worked out here by hand; counts of another map, a
# missing region and a class that ran no kernel code refused; and a boot
# recorded under the plugin (KTAP).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '%s\n' "ffffffff81000000 T _stext" "ffffffff81000010 T hot" > "$tmp/map"
sha=$(sha256sum < "$tmp/map" | cut -d ' ' -f 1)
# stats PREFIX INSNS ITLB4K WALK ITLB2M L1I
stats() {
	{
		echo "map_sha256 $sha"
		echo "kernel_insns $2"
		echo "kernel_insns_tcg $(($2 + 500))"
		echo "rep_insns 20"
		echo "rep_insns_tcg 520"
		echo "unknown_insns 0"
		echo "functions 812"
		for m in "itlb4k_l1 $3" "itlb4k_walk $4" "itlb2m $5" "l1i $6"; do
			set -- $m
			echo "$1 $2"
			echo "${1}_per_1k 0.000000"
		done
	} > "$1.stats"
}
r=$tmp/run/region
mkdir -p "$tmp/run"
stats "$r.7" 400000 1200 30 8 9000
stats "$r.9" 250000 100 0 0 2750
"$here/bench-classes.sh" lay "$tmp/map" "tcp:$r.7" "fault:$r.9" > "$tmp/out" 2> "$tmp/err"
same_text "$?" 0 "bench-classes.sh measures two classes $(cat "$tmp/err")"
get() { awk -F '\t' -v m="$1" '$1 == "lay" && $2 == m { print $3 }' "$tmp/out"; }
same_text "$(get tcp:kernel_insns) $(get tcp:l1i_per_1k) $(get tcp:itlb4k_per_1k) $(get tcp:itlb4k_walk_per_1k) $(get tcp:itlb2m_per_1k)" \
	"400000 22.5000 3.0000 0.0750 0.0200" \
	"tcp: its own region, 9000, 1200, 30 and 8 misses in 400,000 instructions"
same_text "$(get fault:kernel_insns) $(get fault:l1i_per_1k) $(get fault:itlb2m_per_1k)" "250000 11.0000 0.0000" \
	"fault: its own region, not pooled with tcp's (2750 in 250,000)"
same_text "$(wc -l < "$tmp/out")" 10 "five rows a class, nothing else"

expect_fail "a missing region is refused, naming it and its class" "region.11.stats: missing or empty \(walk\)" \
	"$here/bench-classes.sh" lay "$tmp/map" "tcp:$r.7" "walk:$r.11"
expect_fail "CLASS:PREFIX is required" "'$r.7': not CLASS:PREFIX" \
	"$here/bench-classes.sh" lay "$tmp/map" "$r.7"
stats "$r.11" 0 0 0 0 0
expect_fail "a class that ran no kernel instruction is refused" "region.11.stats: no kernel instructions counted for walk" \
	"$here/bench-classes.sh" lay "$tmp/map" "walk:$r.11"

# A boot recorded under the plugin (the make check kernel, held-out
# classes fault, walk, threads and poll for 0.3 s each, regions 3 to 9):
# the plugin's own per-1k figure of each cache, rounded, is what
# bench-classes.sh gives.  The recording names its kernel's System.map,
# which is not kept here: a copy names this test's map instead.
rec=$here/data/unseen-boot
mkdir "$tmp/rec"
for n in 3 5 7 9; do
	sed "s/^map_sha256 .*/map_sha256 $sha/" "$rec/region.$n.stats" > "$tmp/rec/region.$n.stats"
done
"$here/bench-classes.sh" stock "$tmp/map" "fault:$tmp/rec/region.3" "walk:$tmp/rec/region.5" \
	"threads:$tmp/rec/region.7" "poll:$tmp/rec/region.9" > "$tmp/rout" 2>&1
same_text "$?" 0 "bench-classes.sh reads a boot recorded under the plugin"
want=$(for c in fault:3 walk:5 threads:7 poll:9; do
	awk -v c="${c%:*}" '$1 == "kernel_insns" { printf "stock\t%s:kernel_insns\t%s\n", c, $2 }
		$1 ~ /^(itlb4k_l1|itlb4k_walk|itlb2m|l1i)_per_1k$/ { m = $1; sub(/_l1_/, "_", m)
			printf "stock\t%s:%s\t%.4f\n", c, m, $2 }' "$rec/region.${c#*:}.stats"
	done | sort)
same_text "$(sort "$tmp/rout")" "$want" \
	"each class's instructions and misses per 1k agree with the plugin's own figures of its region"
sed -i "s/^map_sha256 .*/map_sha256 0000/" "$r.9.stats"
expect_fail "counts of another build's map are refused, naming the stats" \
	"region.9.stats: counts of another kernel build" \
	"$here/bench-classes.sh" lay "$tmp/map" "tcp:$r.7" "fault:$r.9"
finish
