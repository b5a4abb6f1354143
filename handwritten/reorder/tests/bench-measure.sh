#!/bin/sh
# The figures of one layout from a boot under the kernel-fetch plugin.
#
# usage: bench-measure.sh LAYOUT MAP SIZES UNITS ALIGN CURVE PREFIX.K...
#
# Each PREFIX.K is one held-out workload run of one boot (its .pages,
# .stats and .profile, qemu/plugin/kernel-fetch.c); the runs are pooled.
# MAP is the layout's System.map: counts the plugin made of another map
# (another kernel build) are refused.  SIZES is "nm -S" of the layout's
# vmlinux, UNITS bench-units.sh's table of the text a list cannot split,
# ALIGN the function alignment in bytes (bench-align.sh): every best
# case places each function on such a boundary, as the linker does.
# Rep string instructions count once per execution (the plugin's
# kernel_insns).  CURVE gets "pages percent" lines:
# the share of execution the hottest N pages hold.  Prints "LAYOUT MEASURE VALUE" lines
# (tab separated):
#
#   kernel_insns       kernel instructions executed, a rep string
#                      instruction once however many iterations
#   kernel_insns_tcg   the same with each iteration counted, as TCG
#                      executes them; rep_share, the share of those
#                      that are iterations after the first
#   align              the function alignment the best cases use
#   pagesP             4 KiB pages that hold P % of them (P = 50, 90, 95,
#                      99), fewest first: how much text the work needs
#   bestP              the same for the best case, the run's own
#                      functions packed densest first (executions per
#                      byte, sizes from SIZES rounded up to ALIGN):
#                      whole functions, so a layout can beat it where a
#                      big function's hot part is small
#   pagesP_x_best      their ratio
#   ptibestP           the best case a kernel with PTI can have: the
#                      same packing with the entry text's functions on
#                      pages of their own, as its 2 MiB alignment
#                      demands; pagesP_x_ptibest, the ratio to it
#   bestunitP          the best case for a linker list: as ptibestP,
#                      but a function in a section the linker script
#                      places whole (bench-units.sh) comes with the
#                      rest of that section; pagesP_x_bestunit
#   hugepages99        2 MiB pages the 99 % pages lie in
#   hugepages_all      2 MiB pages any kernel instruction ran in
#   itlb4k_per_1k (the 64-entry first level), itlb4k_walk_per_1k,
#   itlb2m_per_1k, l1i_per_1k
#                      simulated misses per 1,000 kernel instructions,
#                      pooled (misses of all runs / instructions of all)
set -eu
[ $# -ge 7 ] || { echo "usage: bench-measure.sh LAYOUT MAP SIZES UNITS ALIGN CURVE PREFIX.K..." >&2; exit 2; }
layout=$1 map=$2 sizes=$3 units=$4 align=$5 curve=$6
here=$(dirname "$0")
lib=$here/../../../generator/collect
# mawk has no -e: for one-line programs the function goes first in the
# program's text.
hex32=$(cat "$lib/hex32.awk")
shift 6
die() { echo "bench-measure: $*" >&2; exit 1; }
[ -s "$map" ] || die "$map: missing or empty"
[ -s "$sizes" ] || die "$sizes: missing or empty"
case $align in '' | *[!0-9]* | 0) die "function alignment '$align': not a number of bytes" ;; esac
[ -s "$units" ] || die "$units: missing or empty"
for r in "$@"; do
	for x in pages stats profile; do
		[ -s "$r.$x" ] || die "$r.$x: missing or empty"
	done
	# Counts of another build name functions at other addresses.
	sha=$(awk '$1 == "map_sha256" { print $2 }' "$r.stats")
	[ "$sha" = "$(sha256sum < "$map" | cut -d ' ' -f 1)" ] ||
		die "$r.stats: counts of another kernel build (System.map sha256 ${sha:-not recorded}), not of $map"
	grep -q '^kernel_insns_tcg ' "$r.stats" ||
		die "$r.stats: no kernel_insns_tcg: made by a plugin that counted each rep iteration"
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
row() { printf '%s\t%s\t%s\n' "$layout" "$1" "$2"; }

# Pooled executions per 4 KiB page, hottest first.
for r in "$@"; do cat "$r.pages"; done |
	awk '{ n[$1] += $2 } END { for (p in n) printf "%.0f %s\n", n[p], p }' |
	sort -k1,1nr -k2,2 > "$tmp/pages"
# The size of every text symbol (generator/collect/text-sizes.awk: nm's,
# or the distance to the next text symbol for the labels and section
# bounds nm gives none, which the plugin may count code under).  nm
# prints every address in 16 digits, so a text sort is address order.
# Names that nm lists more than once (static functions) take their
# largest size: the best case must not be made smaller than it is.
LC_ALL=C sort -k1,1 "$sizes" > "$tmp/nm"
awk -f "$lib/hex32.awk" -f "$lib/text-sizes.awk" "$tmp/nm" > "$tmp/text"
awk "$hex32"'{ s = hex32($2); if (!($4 in sz) || s > sz[$4]) sz[$4] = s }
	END { for (f in sz) printf "%s %.0f\n", f, sz[f] }' "$tmp/text" > "$tmp/symsize"
# The functions of the entry text.  With PTI the entry text is mapped
# into user page tables and 2 MiB aligned at both ends, so no layout can
# share a 4 KiB page between it and other text: ptibestP packs it apart.
# By address, not by line: a function may share its address with
# __entry_text_start, and nm may list it first.
awk "$hex32"'FNR == 1 { pass++ }
	pass == 1 { if ($4 == "__entry_text_start") s = hex32($1)
		if ($4 == "__entry_text_end") e = hex32($1); next }
	s != "" && e != "" && hex32($1) >= s && hex32($1) < e && $4 !~ /^__entry_text_/ { print $4 }' \
	"$tmp/text" "$tmp/text" > "$tmp/entry"
# Pooled executions per function with its size, densest first.
for r in "$@"; do cat "$r.profile"; done |
	awk '$2 != "total" && $2 != "*unknown*" { n[$2] += $1 } END { for (f in n) printf "%s %.0f\n", f, n[f] }' > "$tmp/funcs"
awk -v align="$align" 'FILENAME == ARGV[1] { entry[$1] = 1; next }
	FILENAME == ARGV[2] { sz[$1] = $2; next }
	($1 in sz) && sz[$1] > 0 { a = sz[$1] + (align - sz[$1] % align) % align
		printf "%.17g %.0f %d %d\n", $2 / a, $2, sz[$1], ($1 in entry); next }
	{ missing++ }
	END { if (missing) printf "%d\n", missing > "/dev/stderr" }' \
	"$tmp/entry" "$tmp/symsize" "$tmp/funcs" 2> "$tmp/nosize" | sort -k1,1gr > "$tmp/dense"
[ -s "$tmp/nosize" ] && die "$(cat "$tmp/nosize") executed functions have no size in $sizes"

# Units a list can place: the sections bench-units.sh names, whole,
# with every function of theirs that ran; any other function alone.  A
# static name in several units takes the largest, as sizes do above.
awk 'FILENAME == ARGV[1] { if ($3 > usz[$1]) { unit[$1] = $2; usz[$1] = $3; pool[$1] = $4 } next }
	FILENAME == ARGV[2] { sz[$1] = $2; next }
	$1 in unit { u = unit[$1]; n[u] += $2; s[u] = usz[$1]; p[u] = pool[$1]; next }
	($1 in sz) && sz[$1] > 0 { n[$1] += $2; s[$1] = sz[$1]; p[$1] = 0 }
	END { for (u in n) printf "%.17g %.0f %d %d\n", n[u] / s[u], n[u], s[u], p[u] }' \
	"$units" "$tmp/symsize" "$tmp/funcs" | sort -k1,1gr > "$tmp/units"

total=$(awk '{ t += $1 } END { printf "%.0f", t }' "$tmp/pages")
[ "$total" -gt 0 ] || die "no kernel instructions in $*"
row kernel_insns "$total"
tcg=$(for r in "$@"; do cat "$r.stats"; done |
	awk '$1 == "kernel_insns_tcg" { n += $2 } END { printf "%.0f", n }')
row kernel_insns_tcg "$tcg"
row rep_share "$(awk -v t="$total" -v g="$tcg" 'BEGIN { printf "%.4f", (g - t) / g }')"
row align "$align"
awk -v t="$total" '{ sum += $1; printf "%d %.4f\n", NR, 100 * sum / t }' "$tmp/pages" > "$curve"
# pack FILE P APART: 4 KiB pages that the densest lines of FILE
# ("density executions bytes pool") fill up to P % of all execution,
# each aligned; with APART 1 pool 1 (the entry text) has pages of its own.
pack() {
	awk -v total="$total" -v p="$2" -v apart="$3" -v align="$align" -f "$here/bench-pack.awk" "$1"
}
# best NAME FILE APART: NAMEp, its packing, and pagesp_x_NAME, the
# layout's ratio to it.
best() {
	b=$(pack "$2" "$p" "$3")
	[ -n "$b" ] || die "$2: the $1 packing does not reach $p % of $total instructions"
	row "$1$p" "$b"
	row "pages${p}_x_$1" "$(awk -v n="$n" -v b="$b" 'BEGIN { printf "%.3f", n / b }')"
}
for p in 50 90 95 99; do
	n=$(awk -v t="$total" -v p="$p" \
		'BEGIN { want = t * p / 100 } { sum += $1; n++; if (sum >= want) { print n; exit } }' "$tmp/pages")
	row "pages$p" "$n"
	best best "$tmp/dense" 0
	best ptibest "$tmp/dense" 1
	best bestunit "$tmp/units" 1
done
# 2 MiB pages of 4 KiB page numbers (hex).
huge() {
	awk "$hex32"'!(int(hex32($1) / 512) in seen) { seen[int(hex32($1) / 512)] = 1; n++ }
		END { print n + 0 }'
}
row hugepages99 "$(awk -v t="$total" 'BEGIN { want = t * 0.99 } sum < want { sum += $1; print $2 }' "$tmp/pages" | huge)"
row hugepages_all "$(awk '{ print $2 }' "$tmp/pages" | huge)"
for r in "$@"; do echo "$r.stats"; done | xargs awk -f "$here/bench-misses.awk" |
	while read -r m v; do row "$m" "$v"; done
