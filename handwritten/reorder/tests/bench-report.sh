#!/bin/sh
# The reorder benchmark's results: one table, the goals, one picture.
#
# usage: bench-report.sh OUTDIR LAYOUT...
#
# OUTDIR/LAYOUT/measures.tsv and curve.dat come from bench-measure.sh;
# the first LAYOUT is the baseline (stock).  Writes OUTDIR/results.tsv
# (layout, measure, value: the measures, and the simulated misses as a
# ratio to the baseline), OUTDIR/result.txt (the table and the goals,
# also printed) and OUTDIR/pages.png (execution held by the hottest
# 4 KiB pages, per layout) when gnuplot is installed.
set -eu
[ $# -ge 2 ] || { echo "usage: bench-report.sh OUTDIR LAYOUT..." >&2; exit 2; }
out=$1
shift
die() { echo "bench-report: $*" >&2; exit 1; }
for l in "$@"; do
	[ -s "$out/$l/measures.tsv" ] || die "$out/$l/measures.tsv: missing or empty"
done
base=$1
# get LAYOUT MEASURE [FILE]: one value of a layout, column 3 of FILE
# (default results.tsv).
get() { awk -F '\t' -v l="$1" -v m="$2" '$1 == l && $2 == m { print $3 }' "${3:-$out/results.tsv}"; }

tab=$out/results.tsv.tmp
printf 'layout\tmeasure\tvalue\n' > "$tab"
for l in "$@"; do cat "$out/$l/measures.tsv"; done >> "$tab"
for l in "$@"; do
	for m in itlb4k_l1 l1i itlb2m; do
		printf '%s\t%s_x_%s\t%s\n' "$l" "$m" "$base" "$(awk -v a="$(get "$l" "${m}_per_1k" "$tab")" \
			-v b="$(get "$base" "${m}_per_1k" "$tab")" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }')"
	done
done >> "$tab"
mv "$tab" "$out/results.tsv"

# One column per layout, one row per measure, in the order measured.
table() {
	awk -F '\t' 'NR == 1 { next }
		!($1 in seenl) { seenl[$1] = 1; lay[++nl] = $1 }
		!($2 in seenm) { seenm[$2] = 1; mea[++nm] = $2 }
		{ v[$1, $2] = $3 }
		END {
			printf "%-22s", "measure"
			for (i = 1; i <= nl; i++) printf " %12s", lay[i]
			printf "\n"
			for (j = 1; j <= nm; j++) {
				printf "%-22s", mea[j]
				for (i = 1; i <= nl; i++) printf " %12s", v[lay[i], mea[j]]
				printf "\n"
			}
		}' "$out/results.tsv"
}

# goal LAYOUT: the issue's targets, each said met or not.
goals() {
	l=$1
	verdict() { if [ "$(awk "BEGIN { print ($1) ? 1 : 0 }")" -eq 1 ]; then echo met; else echo "NOT met"; fi; }
	# pages BEST WHAT: the pages goal against one best case.
	pages() {
		worst=$(for p in 50 90 95 99; do get "$l" "pages${p}_x_$1"; done | sort -g | tail -n 1)
		echo "  $l: $2: worst ${worst} x, $(verdict "$worst <= 1.1")"
	}
	pages best "pages <= 1.1 x best at 50/90/95/99 %"
	pages bestpti "the same against the best case with the entry text apart (PTI)"
	pages bestunit "the same against the best case for a list (sections placed whole kept whole)"
	h=$(get "$l" hugepages99)
	echo "  $l: 2 MiB pages of the hot path (99 %): $h, $(verdict "$h <= 2")"
	r=$(get "$l" "itlb4k_l1_x_$base")
	echo "  $l: 4 KiB iTLB misses <= 0.5 x $base: $r x, $(verdict "$r <= 0.5")"
	r=$(get "$l" "l1i_x_$base")
	echo "  $l: L1i misses <= 0.9 x $base: $r x, $(verdict "$r <= 0.9")"
	echo "  $l: 2 MiB iTLB misses per 1k: $(get "$l" itlb2m_per_1k) ($base: $(get "$base" itlb2m_per_1k))"
}

{
	echo "reorder bench: held-out workload under the kernel-fetch plugin, $(get "$base" kernel_insns) kernel instructions ($base)"
	table
	echo "goals:"
	shift
	for l in "$@"; do goals "$l"; done
} | tee "$out/result.txt"

command -v gnuplot > /dev/null 2>&1 || { echo "bench-report: gnuplot not installed, no picture"; exit 0; }
plot=
for l in "$base" "$@"; do
	plot="$plot${plot:+, }\"$out/$l/curve.dat\" using 1:2 with lines lw 2 title \"$l\""
done
gnuplot <<EOF
set terminal pngcairo size 1200,700 font ",11" noenhanced
set output "$out/pages.png"
set title "Held-out kernel execution held by the hottest 4 KiB pages of text"
set xlabel "4 KiB pages, hottest first"
set ylabel "% of kernel instructions"
set logscale x
set yrange [0:100]
set grid
set key bottom right
plot $plot
EOF
echo "bench-report: $out/pages.png"
