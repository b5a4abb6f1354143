#!/bin/sh
# Unit test of bench-report.sh: medians, min and max over boots, each
# boot kept, ratios of medians to the baseline, a missing boot refused
# (KTAP).  The figures are made up; what they give is worked out here.
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# boot LAYOUT K PAGES50 L1I ITLB4K BOOT_INSNS
boot() {
	mkdir -p "$tmp/$1/boot$2"
	printf '%s\t%s\t%s\n' "$1" pages50 "$3" "$1" ptibest50 4 "$1" pages90_x_ptibest 1.1 \
		"$1" pages95_x_ptibest 1.1 "$1" pages99_x_ptibest 1.2 "$1" hugepages99 2 \
		"$1" l1i_per_1k "$4" "$1" itlb4k_per_1k "$5" "$1" itlb2m_per_1k 0 "$1" kernel_insns 1000 \
		"$1" align 16 "$1" boot_kernel_insns "$6" > "$tmp/$1/boot$2/measures.tsv"
	printf '1 50\n2 100\n' > "$tmp/$1/boot$2/curve.dat"
}
boot stock 1 17 14 2.0 1000; boot stock 2 19 16 1.8 1000; boot stock 3 18 12 2.2 1000
boot c3 1 7 11 0.3 990; boot c3 2 5 12 0.4 1010; boot c3 3 6 10 0.5 1020
"$here/bench-report.sh" "$tmp" 3 stock c3 > "$tmp/out" 2>&1
same_text "$?" 0 "bench-report.sh reports 2 layouts of 3 boots"
get() { awk -F '\t' -v l="$1" -v m="$2" '$1 == l && $2 == m { print $3 }' "$tmp/results.tsv"; }
same_text "$(get stock boots) $(get stock pages50) $(get stock pages50_min) $(get stock pages50_max)" "3 18 17 19" \
	"stock pages50: median 18 of 17, 19, 18; min 17, max 19; boots 3"
same_text "$(get c3 l1i_per_1k) $(get c3 l1i_per_1k_x_stock) $(get c3 itlb4k_per_1k_x_stock)" "11 0.786 0.200" \
	"c3: median L1i 11, x stock 11/14 = 0.786; iTLB 0.4/2.0 = 0.200"
same_text "$(get c3 boot_kernel_insns_x_stock)" "1.0100" \
	"c3's boot: median 1010 kernel instructions of 990, 1010, 1020, 1.0100 x stock's 1000"
same_text "$(awk -F '\t' '$1 == "c3" && $3 == "pages50" { print $2 ":" $4 }' "$tmp/boots.tsv" | tr '\n' ' ')" "1:7 2:5 3:6 " \
	"boots.tsv keeps each boot's own figure"
holds() { if eval "$1"; then ok "$2"; else not_ok "$2" "$(cat "$tmp/out")"; fi; }
holds 'grep -q "c3: 4 KiB pages at 50 % <= PTI-aware aligned best + 1: 6 vs 4, NOT met" "$tmp/out" && grep -q "c3: 4 KiB iTLB misses <= 0.20 x stock: 0.200 x, met" "$tmp/out"' \
	"the goals are judged on the medians (pages 6 vs 4 + 1 not met, iTLB 0.200 met)"
holds 'grep -q "18 \[17-19\]" "$tmp/out"' "the table shows median [min-max]"
rm "$tmp/c3/boot2/measures.tsv"
expect_fail "a missing boot is refused, naming its file" "c3/boot2/measures.tsv: missing or empty" \
	"$here/bench-report.sh" "$tmp" 3 stock c3
finish
