#!/bin/sh
# The reorder benchmark's results: medians over boots, the spread, the
# goals, one picture.
#
# usage: bench-report.sh OUTDIR BOOTS LAYOUT...
#
# OUTDIR/LAYOUT/bootK/measures.tsv and curve.dat (K = 1..BOOTS) come
# from bench-measure.sh; the first LAYOUT is the baseline (stock).
# Writes
#   OUTDIR/boots.tsv    layout, boot, measure, value: each boot's own
#                       figures
#   OUTDIR/results.tsv  layout, measure, value: "boots", then the median
#                       of every measure over the boots, MEASURE_min and
#                       MEASURE_max beside it, the simulated misses
#                       as a ratio of medians to the baseline
#                       (l1i_per_1k_x_stock, itlb4k_per_1k_x_stock, ...,
#                       and of each unseen class, CLASS:l1i_per_1k_x_stock),
#                       the modelled stall cycles (bench-stalls.awk:
#                       stall2m_per_1k, stall4k_per_1k, per class too,
#                       worked out per boot; a boot without a miss
#                       figure they need is refused),
#                       and each goal met (1) or not (0) on the medians
#                       (bench-goals.awk; the oracle's L1i measure needs
#                       the layout "oracle-split", the peers' "density"
#                       or "c3")
#   OUTDIR/result.txt   the table (median [min-max]), the goals of each
#                       layout as a Markdown table, and the one list
#                       (every goal judged met; of several, the fewest
#                       4 KiB pages at 90 %), also printed
#   OUTDIR/pages.png    execution held by the hottest 4 KiB pages, every
#                       boot of every layout, when gnuplot is installed
set -eu
[ $# -ge 3 ] || { echo "usage: bench-report.sh OUTDIR BOOTS LAYOUT..." >&2; exit 2; }
out=$1 boots=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "bench-report: $*" >&2; exit 1; }
case $boots in '' | *[!0-9]* | 0) die "BOOTS '$boots': not a positive number" ;; esac
for l in "$@"; do
	k=1
	while [ "$k" -le "$boots" ]; do
		[ -s "$out/$l/boot$k/measures.tsv" ] || die "$out/$l/boot$k/measures.tsv: missing or empty"
		k=$((k + 1))
	done
done
base=$1

tab=$out/boots.tsv.tmp
printf 'layout\tboot\tmeasure\tvalue\n' > "$tab"
for l in "$@"; do
	k=1
	while [ "$k" -le "$boots" ]; do
		awk -F '\t' -v k="$k" 'BEGIN { OFS = "\t" } { print $1, k, $2, $3 }' "$out/$l/boot$k/measures.tsv"
		k=$((k + 1))
	done
done >> "$tab"
# The modelled stall cycles of each boot (bench-stalls.awk), as measures
# of their own: medians, spread and ratios come as for the misses.
awk -F '\t' -f "$here/bench-stalls.awk" "$tab" > "$tab.stalls" ||
	{ rm -f "$tab" "$tab.stalls"; die "no stall model for $out: a boot lacks a miss figure (above)"; }
cat "$tab.stalls" >> "$tab"
rm "$tab.stalls"
mv "$tab" "$out/boots.tsv"

# Median (the mean of the middle two for an even count), min and max of
# each layout's measure over its boots, in the order measured.
tab=$out/results.tsv.tmp
printf 'layout\tmeasure\tvalue\n' > "$tab"
for l in "$@"; do printf '%s\tboots\t%s\n' "$l" "$boots"; done >> "$tab"
awk -F '\t' 'NR == 1 { next }
	!(($1, $3) in n) { key[++nk] = $1 SUBSEP $3 }
	{ v[$1, $3, ++n[$1, $3]] = $4 }
	END {
		for (i = 1; i <= nk; i++) {
			split(key[i], lm, SUBSEP)
			c = n[key[i]]
			for (j = 1; j <= c; j++) s[j] = v[key[i], j] + 0
			for (j = 2; j <= c; j++)
				for (m = j; m > 1 && s[m - 1] > s[m]; m--) { t = s[m]; s[m] = s[m - 1]; s[m - 1] = t }
			med = c % 2 ? s[(c + 1) / 2] : (s[c / 2] + s[c / 2 + 1]) / 2
			printf "%s\t%s\t%.10g\n", lm[1], lm[2], med
			printf "%s\t%s_min\t%.10g\n", lm[1], lm[2], s[1]
			printf "%s\t%s_max\t%.10g\n", lm[1], lm[2], s[c]
		}
	}' "$out/boots.tsv" >> "$tab"
# get LAYOUT MEASURE [FILE]: one value, column 3 of FILE (default results.tsv).
get() { awk -F '\t' -v l="$1" -v m="$2" '$1 == l && $2 == m { print $3 }' "${3:-$out/results.tsv}"; }
# The ratios go to a file of their own first: the loop reads $tab.
for l in "$@"; do
	# the pooled runs' misses, then each unseen class's
	for m in itlb4k_per_1k l1i_per_1k itlb2m_per_1k stall2m_per_1k stall4k_per_1k $(awk -F '\t' -v l="$l" \
		'$1 == l && $2 ~ /^[^:]+:(itlb4k|l1i|itlb2m|stall2m|stall4k)_per_1k$/ { print $2 }' "$tab"); do
		printf '%s\t%s_x_%s\t%s\n' "$l" "$m" "$base" "$(awk -v a="$(get "$l" "$m" "$tab")" \
			-v b="$(get "$base" "$m" "$tab")" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }')"
	done
	b=$(get "$l" boot_kernel_insns "$tab")
	[ -z "$b" ] || printf '%s\tboot_kernel_insns_x_%s\t%s\n' "$l" "$base" "$(awk -v a="$b" \
		-v b="$(get "$base" boot_kernel_insns "$tab")" 'BEGIN { if (b > 0) printf "%.4f", a / b; else print "n/a" }')"
done > "$tab.ratios"
cat "$tab.ratios" >> "$tab"
rm "$tab.ratios"
oracle=
for l in "$@"; do [ "$l" != oracle-split ] || oracle=oracle-split; done
awk -F '\t' -v base="$base" -v oracle="$oracle" -v peers="density c3" \
	-f "$here/bench-goals.awk" "$tab" > "$tab.goals"
cat "$tab.goals" >> "$tab"
rm "$tab.goals"
mv "$tab" "$out/results.tsv"

# One column per layout, one row per measure: "median [min-max]" when
# the boots differ; the goals have a table of their own.
goal_rows='/(_met|_worst|_best)$|^goals_|^l1i_limit_oracle$/'
table() {
	awk -F '\t' 'NR == 1 { next }
		{ v[$1, $2] = $3 }
		$2 ~ /_(min|max)$/ || $2 ~ '"$goal_rows"' { next }
		!($1 in seenl) { seenl[$1] = 1; lay[++nl] = $1 }
		!($2 in seenm) { seenm[$2] = 1; mea[++nm] = $2 }
		END {
			printf "%-24s", "measure"
			for (i = 1; i <= nl; i++) printf " %20s", lay[i]
			printf "\n"
			for (j = 1; j <= nm; j++) {
				printf "%-24s", mea[j]
				for (i = 1; i <= nl; i++) {
					x = v[lay[i], mea[j]]
					lo = v[lay[i], mea[j] "_min"]; hi = v[lay[i], mea[j] "_max"]
					if (lo != "" && lo != hi) x = x " [" lo "-" hi "]"
					printf " %20s", x
				}
				printf "\n"
			}
		}' "$out/results.tsv"
}

# The goals of every layout, one row a goal, one column a layout: the
# figure and "met" or "NOT met", as bench-goals.awk judged it.
goal_table() {
	awk -F '\t' -v base="$base" 'NR == 1 { next }
		{ v[$1, $2] = $3 }
		!($1 in seenl) { seenl[$1] = 1; lay[++nl] = $1 }
		$2 ~ /^[^:]+:l1i_met$/ { c = $2; sub(/:.*/, "", c); if (!(c in seenc)) { seenc[c] = 1; cls[++nc] = c } }
		function fig(l, m) { return v[l, m] == "" ? "-" : v[l, m] }
		function verdict(x) { return x == 1 ? "met" : x == 0 ? "NOT met" : "n/a" }
		function line(title, g, fig1, fig2,    i, l, f) {
			printf "| %s |", title
			for (i = 1; i <= nl; i++) {
				l = lay[i]
				f = fig(l, fig1) (fig2 == "" ? "" : " vs " fig(l, fig2))
				if (g ~ /:/) f = fig(l, fig1) " vs " fig(base, fig1 "_max")
				printf " %s %s |", f, verdict(v[l, g "_met"])
			}
			printf "\n"
		}
		function total(title, m, n,    i) {
			printf "| %s |", title
			for (i = 1; i <= nl; i++) printf " %s of %s |", v[lay[i], m], v[lay[i], n]
			printf "\n"
		}
		END {
			printf "| goal (medians) |"
			for (i = 1; i <= nl; i++) printf " %s |", lay[i]
			printf "\n|---|"
			for (i = 1; i <= nl; i++) printf "---|"
			printf "\n"
			line("2 MiB pages at 99 % <= 2", "hugepages99", "hugepages99")
			line("2 MiB iTLB misses <= 0.50 x " base, "itlb2m", "itlb2m_per_1k_x_" base)
			line("L1i misses /1k <= every peer order (density, c3)", "l1i_peers", "l1i_per_1k", "l1i_peers_best")
			line("L1i misses x " base " <= oracle-split + 0.02 (" fig(base, "l1i_limit_oracle") ")", "l1i_oracle", "l1i_per_1k_x_" base)
			line("kernel instructions to the workload within 0.3 % of " base, "boot", "boot_kernel_insns_x_" base)
			for (k = 1; k <= nc; k++) {
				line(cls[k] ": L1i misses /1k <= max of " base " boots", cls[k] ":l1i", cls[k] ":l1i_per_1k", "")
				line(cls[k] ": 2 MiB iTLB misses /1k <= max of " base " boots", cls[k] ":itlb2m", cls[k] ":itlb2m_per_1k", "")
			}
			total("goals met", "goals_met", "goals_judged")
		}' "$out/results.tsv"
}

# The one list: of the layouts made from training (not the baseline,
# not an oracle) those that meet every goal judged; of several, the one
# with the fewest 4 KiB pages at 90 %.
one_list() {
	awk -F '\t' -v base="$base" 'NR == 1 { next }
		{ v[$1, $2] = $3 }
		!($1 in seenl) { seenl[$1] = 1; lay[++nl] = $1 }
		END {
			for (i = 1; i <= nl; i++) {
				l = lay[i]
				if (l == base || l ~ /^oracle/ || v[l, "goals_judged"] + 0 == 0 ||
				    v[l, "goals_met"] != v[l, "goals_judged"])
					continue
				all = all " " l
				if (pick == "" || v[l, "pages90"] + 0 < v[pick, "pages90"] + 0)
					pick = l
			}
			if (pick == "")
				print "one list: no layout made from training meets every goal judged"
			else
				printf "one list: %s (meet every goal judged:%s; fewest 4 KiB pages at 90 %%: %s)\n", pick, all, v[pick, "pages90"]
		}' "$out/results.tsv"
}

# The stall model's medians (bench-stalls.awk), one row a workload and
# mapping, one column a layout: the cycles, and against the baseline
# the cycles saved and what share of the kernel's time that is at most
# (every stall exposed, and at least one cycle per instruction, so that
# 1,000 instructions take 1,000 cycles or more).
stall_table() {
	awk -F '\t' -v base="$base" 'NR == 1 { next }
		{ v[$1, $2] = $3 }
		!($1 in seenl) { seenl[$1] = 1; lay[++nl] = $1 }
		$2 ~ /^[^:]+:stall2m_per_1k$/ { c = $2; sub(/:.*/, "", c); if (!(c in seenc)) { seenc[c] = 1; cls[++nc] = c } }
		function line(title, m,    i, x, b) {
			printf "| %s |", title
			b = v[base, m]
			for (i = 1; i <= nl; i++) {
				x = v[lay[i], m]
				if (x == "") printf " - |"
				else if (lay[i] == base || b == "") printf " %s |", x
				else printf " %s (%+.1f, at most %+.2f %%) |", x, b - x, (b - x) / 10
			}
			printf "\n"
		}
		END {
			printf "| stall cycles /1k kernel instructions (medians; saved vs %s, share of kernel time) |", base
			for (i = 1; i <= nl; i++) printf " %s |", lay[i]
			printf "\n|---|"
			for (i = 1; i <= nl; i++) printf "---|"
			printf "\n"
			line("held-out runs, text in 2 MiB pages", "stall2m_per_1k")
			line("held-out runs, text in 4 KiB pages", "stall4k_per_1k")
			for (k = 1; k <= nc; k++) {
				line(cls[k] ", 2 MiB pages", cls[k] ":stall2m_per_1k")
				line(cls[k] ", 4 KiB pages", cls[k] ":stall4k_per_1k")
			}
		}' "$out/results.tsv"
}

# What the goals do not judge, for each layout.
goals() {
	l=$1
	echo "  $l: 4 KiB pages at 90/95/99 %, x PTI-aware best (worst): $(get "$l" pagesP_x_ptibest_worst), x best for a list: $(get "$l" pagesP_x_bestunit_worst); 4 KiB iTLB misses x $base: $(get "$l" "itlb4k_per_1k_x_$base")"
	r=$(get "$l" "boot_kernel_insns_x_$base")
	[ -z "$r" ] || echo "  $l: boot (kernel instructions to the workload) x $base: $r; first KTAP after $(get "$l" first_ktap_seconds) s ($base: $(get "$base" first_ktap_seconds) s, host time)"
}

{
	echo "reorder bench: held-out workload under the kernel-fetch plugin (rep string instructions counted once), median of $boots boot(s) per layout [min-max], $(get "$base" kernel_insns) kernel instructions ($base), function alignment $(get "$base" align) bytes"
	[ "$boots" -ge 3 ] || echo "WARNING: $boots boot(s) per layout: fewer than 3, no median to speak of"
	table
	echo
	goal_table
	echo
	one_list
	echo
	echo "front-end stall model: a model, not a measurement (bench-stalls.awk): each simulated"
	echo "L1i miss charged 12 cycles (an L2 hit, Skylake client), each iTLB miss 18 (an STLB hit,"
	echo "Haswell, timed from fetch), each page walk 20 more; no stall overlapped.  Seed 001 reported"
	echo "lmbench's changed process tests and its latency tests about 10 % faster on average with"
	echo "its list (whole-test time, user and kernel)."
	stall_table
	echo
	echo "reported, not judged (4 KiB footprint; medians):"
	shift
	for l in "$@"; do goals "$l"; done
} | tee "$out/result.txt"

command -v gnuplot > /dev/null 2>&1 || { echo "bench-report: gnuplot not installed, no picture"; exit 0; }
plot='' c=0
for l in "$@"; do
	c=$((c + 1))
	k=1
	while [ "$k" -le "$boots" ]; do
		t=notitle
		[ "$k" -ne 1 ] || t="title \"$l\""
		plot="$plot${plot:+, }\"$out/$l/boot$k/curve.dat\" using 1:2 with lines lw 1 lc $c $t"
		k=$((k + 1))
	done
done
gnuplot <<EOG
set terminal pngcairo size 1200,700 font ",11" noenhanced
set output "$out/pages.png"
set title "Held-out kernel execution held by the hottest 4 KiB pages of text ($boots boots per layout, one line each)"
set xlabel "4 KiB pages, hottest first"
set ylabel "% of kernel instructions"
set logscale x
set yrange [0:100]
set grid
set key bottom right
plot $plot
EOG
echo "bench-report: $out/pages.png"
