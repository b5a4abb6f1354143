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
holds 'grep -qF "| 4 KiB pages at 50 % <= ptibest50 + 1 | 18 vs 4 NOT met | 6 vs 4 NOT met |" "$tmp/out" && grep -qF "| 4 KiB iTLB misses <= 0.20 x stock | 1.000 NOT met | 0.200 met |" "$tmp/out"' \
	"the goals are judged on the medians (pages 6 vs 4 + 1 not met, iTLB 0.200 met)"
holds 'grep -q "18 \[17-19\]" "$tmp/out"' "the table shows median [min-max]"

# The goals at their limits, with the layout "oracle" (three equal boots
# each, so the medians are the figures given):
# gboot LAYOUT PAGES50 PTIBEST50 BESTUNIT50 "X_PTIBEST 90 95 99" "X_BESTUNIT 90 95 99" HUGE99 L1I ITLB4K
g=$tmp/goals
gboot() {
	for k in 1 2 3; do
		mkdir -p "$g/$1/boot$k"
		{
			printf '%s\t%s\t%s\n' "$1" pages50 "$2" "$1" ptibest50 "$3" "$1" bestunit50 "$4"
			echo "$5" | awk -v l="$1" '{ printf "%s\tpages90_x_ptibest\t%s\n%s\tpages95_x_ptibest\t%s\n%s\tpages99_x_ptibest\t%s\n", l, $1, l, $2, l, $3 }'
			echo "$6" | awk -v l="$1" '{ printf "%s\tpages90_x_bestunit\t%s\n%s\tpages95_x_bestunit\t%s\n%s\tpages99_x_bestunit\t%s\n", l, $1, l, $2, l, $3 }'
			printf '%s\t%s\t%s\n' "$1" hugepages99 "$7" "$1" l1i_per_1k "$8" "$1" itlb4k_per_1k "$9" "$1" itlb2m_per_1k 0 \
				"$1" kernel_insns 1000 "$1" align 16
		} > "$g/$1/boot$k/measures.tsv"
		printf '1 50\n2 100\n' > "$g/$1/boot$k/curve.dat"
	done
}
gboot stock 40 10 11 "3.8 3.8 3.5" "3.6 3.6 3.3" 8 1000 6.0
# c3: pages50 14 > 10 + 1 but 14 <= 13 + 1; worst 1.29 against ptibest,
# exactly 1.15 against bestunit; L1i 0.870, over 0.80 and over the
# oracle's 0.350 + 0.05; iTLB 0.150.
gboot c3 14 10 13 "1.27 1.29 1.18" "1.15 1.15 1.1" 2 870 0.9
# split: pages50 11 = 10 + 1; 1.151 over 1.15; three 2 MiB pages; L1i
# 0.400, exactly the oracle's 0.350 + 0.05 (which a sum of doubles puts
# below 0.400); iTLB 0.202.
gboot split 11 10 10 "1.23 1.28 1.18" "1.151 1.1 1.1" 3 400 1.212
gboot oracle 12 10 11 "1.15 1.16 1.10" "1.1 1.1 1.05" 2 350 1.65
"$here/bench-report.sh" "$g" 3 stock c3 split oracle > "$tmp/gout" 2>&1
same_text "$?" 0 "bench-report.sh reports the goals of 4 layouts with an oracle"
gget() { awk -F '\t' -v l="$1" -v m="$2" '$1 == l && $2 == m { print $3 }' "$g/results.tsv"; }
goalrow() { for m in hugepages99 pages50 pagesP l1i itlb4k goals pages50_bestunit pagesP_bestunit l1i_oracle goals_proposed; do
	case $m in goals) printf '%s/%s ' "$(gget "$1" goals_met)" "$(gget "$1" goals_judged)" ;;
	goals_proposed) printf '%s/%s' "$(gget "$1" goals_met_proposed)" "$(gget "$1" goals_judged_proposed)" ;;
	*) printf '%s ' "$(gget "$1" "${m}_met")" ;; esac; done; }
same_text "$(goalrow c3)" "1 0 0 0 1 2/5 1 1 0 4/5" \
	"c3: 2 of the 5 goals as set, 4 of the proposed (bestunit50 + 1 and 1.15 x bestunit reached exactly)"
same_text "$(goalrow split)" "0 1 0 1 0 2/5 1 0 1 2/5" \
	"split: pages50 at ptibest50 + 1 met, 1.151 x not, L1i at the oracle's + 0.05 met"
same_text "$(goalrow oracle) $(gget stock l1i_limit_oracle)" "1 0 0 1 0 2/5 1 1 1 4/5 0.400" \
	"oracle: its own L1i limit is its ratio + 0.05 = 0.400"
same_text "$(gget c3 pagesP_x_ptibest_worst) $(gget c3 pagesP_x_bestunit_worst) $(gget split pagesP_x_bestunit_worst)" "1.29 1.15 1.151" \
	"the worst of the pages at 90/95/99 % is the largest ratio"
holds 'grep -qF "| proposed: L1i misses x stock <= the oracle'"'"'s + 0.05 (0.400) | 1.000 NOT met | 0.870 NOT met | 0.400 met | 0.350 met |" "$tmp/gout" && grep -qF "| goals met | 0 of 5 | 2 of 5 | 2 of 5 | 2 of 5 |" "$tmp/gout"' \
	"the goal table shows each layout's figure and verdict, and the counts"
holds '! grep -q "^pages50_met\|^goals_met" "$tmp/gout"' "the goal rows stay out of the table of measures"
"$here/bench-report.sh" "$g" 3 stock c3 split > "$tmp/gout" 2>&1
same_text "$(gget c3 l1i_oracle_met) $(gget c3 goals_met_proposed)/$(gget c3 goals_judged_proposed) $(gget stock l1i_limit_oracle)" "n/a 4/4 n/a" \
	"without the oracle its L1i measure is not judged: c3 meets 4 proposed goals of 4, not of 5"

rm "$tmp/c3/boot2/measures.tsv"
expect_fail "a missing boot is refused, naming its file" "c3/boot2/measures.tsv: missing or empty" \
	"$here/bench-report.sh" "$tmp" 3 stock c3
finish
