#!/bin/sh
# How many pages does a workload's hot code touch, stock vs reordered?
#
# usage: bench.sh KBUILD_OUT OUTDIR PROFILE...
#
# KBUILD_OUT holds a CONFIG_FUNCTION_REORDER kernel (vmlinux, vmlinux.a,
# vmlinux.lds).  Its empty-list twin is made by linking the same objects
# with the function list taken out of the linker script: the usual
# TEXT_TEXT order (with the second reorder patch, the noinstr, sched,
# idle, lock and arch/x86/lib text still come first).  With
# STOCK_VMLINUX=<vmlinux of a kernel without CONFIG_FUNCTION_REORDER>
# in the environment that kernel is measured too.
#
# The hot set is the functions that hold 99% of the samples of PROFILE
# (readprofile(1) text of a run kept apart from the runs that made the
# list).  For each layout: the distinct 4 KiB and 2 MiB pages the hot
# set touches, against the physical minimum, hot bytes / 4096 rounded
# up.  Diagnostics give the same for the 95% and 90% hot sets: at 99%
# the set holds many functions with one or two samples, which a list made
# from other runs cannot all foresee.  Also draws OUTDIR/text-layout.png.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 3 ] || { echo "usage: bench.sh KBUILD_OUT OUTDIR PROFILE..." >&2; exit 2; }
kout=$1 out=$2
case $out in /*) ;; *) out=$(pwd)/$out ;; esac
shift 2
die() { echo "bench: error: $*" >&2; exit 1; }
for f in vmlinux vmlinux.a arch/x86/kernel/vmlinux.lds .vmlinux.cmd; do
	[ -f "$kout/$f" ] || die "$kout/$f not found; build the kernel first"
done
grep -q '__reorder_text_start' "$kout/arch/x86/kernel/vmlinux.lds" ||
	die "$kout is not a CONFIG_FUNCTION_REORDER kernel"
mkdir -p "$out"
profiles="$*"
cat "$@" > "$out/profiles.txt"

# ---- the stock-order twin -------------------------------------------
# Everything the list places goes: its lines between the markers, and
# the objects it gathers within the noinstr and sched text.
sed -e '/__reorder_text_start = \.;/,/__reorder_text_end = \.;/{/__reorder_text_/!d;}' \
	-e 's/\*(EXCLUDE_FILE([^)]*) \.noinstr\.text)/*(.noinstr.text)/' \
	-e 's/\*[^ ()]*\.o(\.\(noinstr\|sched\)\.text)//g' \
	"$kout/arch/x86/kernel/vmlinux.lds" > "$out/stock.lds"
# cmd_vmlinux := ... link-vmlinux.sh "LD" "KBUILD_LDFLAGS" "LDFLAGS_vmlinux"
link=$(sed -n 's/^cmd_vmlinux := .*link-vmlinux\.sh //p' "$kout/.vmlinux.cmd")
[ -n "$link" ] || die "$kout/.vmlinux.cmd: no link-vmlinux.sh command"
eval "set -- $link"
ld=$1 ldflags=$2 ldflags_vmlinux=$3
# The inputs as scripts/link-vmlinux.sh gives them (6.1 links vmlinux.a
# and the lib.a archives, not vmlinux.o).  The kallsyms tables are left
# out: they lie in .rodata and move no text.
objs=
for f in vmlinux.a .vmlinux.export.o init/version-timestamp.o; do
	[ -f "$kout/$f" ] && objs="$objs $f"
done
libs=
for f in lib/lib.a arch/x86/lib/lib.a; do
	[ -f "$kout/$f" ] && libs="$libs $f"
done
# shellcheck disable=SC2086
(cd "$kout" && $ld $ldflags $ldflags_vmlinux --unresolved-symbols=ignore-all \
	--script="$out/stock.lds" -o "$out/vmlinux.stock" \
	--whole-archive $objs --no-whole-archive --start-group $libs --end-group) \
	2> "$out/stock-link.log" ||
	die "linking the stock-order twin failed; see $out/stock-link.log"

"$here/layout-table.sh" "$out/vmlinux.stock" > "$out/stock.tab"
"$here/layout-table.sh" "$kout/vmlinux" > "$out/reordered.tab"

# ---- the hot set ----------------------------------------------------
# Merge the profiles by name, hottest first, and keep names until 99% of
# all samples are covered.
awk '$2 != "total" && $1 ~ /^[0-9]+$/ { t[$2] += $1; all += $1 }
	END { for (n in t) print t[n], n; print all, "total" > "/dev/stderr" }' \
	"$out/profiles.txt" 2> "$out/total" | sort -k1,1nr -k2,2 > "$out/ticks"
total=$(awk '{ print $1 }' "$out/total")
[ "${total:-0}" -gt 0 ] || die "no samples in $profiles"
hotset() {
	awk -v total="$total" -v f="$1" '{ if (sum >= f * total) exit; sum += $1; print $2 }' \
		"$out/ticks"
}
hotset 0.99 > "$out/hot"
hotset 0.95 > "$out/hot95"
hotset 0.90 > "$out/hot90"

# Names are not unique: a static inline function can have a copy in
# many objects, some of them cold (.text.unlikely.NAME, the block after
# the ordinary text) and never run.  Names that vmlinux.o has only in
# cold sections mark that block in each layout; a hot name's copies in
# it are not counted when the name also has copies outside it.
objdump -t "$kout/vmlinux.o" | awk 'NF >= 5 {
		k = ($(NF - 2) ~ /^\.text\.unlikely/) ? "c" : "o"
		if (!(($NF, k) in seen)) { seen[$NF, k] = 1; n[$NF] = n[$NF] k }
	}
	END { for (x in n) if (n[x] == "c") print x }' > "$out/coldnames"
for l in stock reordered; do
	awk 'NR == FNR { cold[$1] = 1; next }
		($3 in cold) { if (c0 == "") c0 = $1; c1 = $1 + $2 }
		END { print (c0 == "" ? -1 : c0), (c0 == "" ? -1 : c1) }' \
		"$out/coldnames" "$out/$l.tab" > "$out/$l.cold"
done

# pages LAYOUT [HOT]: hot functions, their bytes, 4 KiB and 2 MiB pages
pages() {
	read -r c0 c1 < "${1%.tab}.cold"
	awk -v c0="$c0" -v c1="$c1" 'NR == FNR { hot[$1] = 1; next }
		($3 in hot) && $2 > 0 { all[++m] = $0; if ($1 < c0 || $1 >= c1) warm[$3] = 1 }
		END {
			for (i = 1; i <= m; i++) {
				split(all[i], f, " ")
				if (f[1] >= c0 && f[1] < c1 && (f[3] in warm))
					continue
				print all[i]
			}
		}' "${2:-$out/hot}" "$1" |
	awk '{
			if (!seen[$3]++) bytes += $2
			for (p = int($1 / 4096); p <= int(($1 + $2 - 1) / 4096); p++)
				p4[p] = 1
			for (p = int($1 / 2097152); p <= int(($1 + $2 - 1) / 2097152); p++)
				p2[p] = 1
			found[$3] = 1
		}
		END {
			for (p in p4) n4++
			for (p in p2) n2++
			for (n in found) nf++
			printf "%d %d %d %d\n", nf, bytes, n4, n2
		}'
}
read -r nf_s bytes_s p4_s p2_s <<EOF
$(pages "$out/stock.tab")
EOF
if [ -n "${STOCK_VMLINUX:-}" ]; then
	"$here/layout-table.sh" "$STOCK_VMLINUX" > "$out/real-stock.tab"
	# Without -ffunction-sections cold code is not one block: count all.
	echo "-1 -1" > "$out/real-stock.cold"
	read -r nf_k bytes_k p4_k p2_k <<EOF
$(pages "$out/real-stock.tab")
EOF
fi
read -r nf_r bytes_r p4_r p2_r <<EOF
$(pages "$out/reordered.tab")
EOF
nhot=$(wc -l < "$out/hot")
minimum=$(( (bytes_r + 4095) / 4096 ))
text_kib=$(( $(awk '$3 == "_etext" { print $1 }' "$out/reordered.tab") / 1024 ))
ratio_s=$(echo "scale=2; $p4_s / $minimum" | bc)
ratio_r=$(echo "scale=2; $p4_r / $minimum" | bc)

{
	echo "reorder bench: hot set = $nhot functions holding 99% of $total samples ($profiles)"
	echo "  functions found in the kernel: $nf_r; hot bytes: $bytes_r; .text: $text_kib KiB"
	echo "  physical minimum:   $minimum 4 KiB pages"
	if [ -n "${STOCK_VMLINUX:-}" ]; then
		echo "  stock kernel:       $p4_k 4 KiB pages ($(echo "scale=2; $p4_k / $minimum" | bc) x minimum), $p2_k 2 MiB page(s) ($STOCK_VMLINUX)"
	fi
	echo "  empty list:         $p4_s 4 KiB pages ($ratio_s x minimum), $p2_s 2 MiB page(s)"
	echo "  reordered:          $p4_r 4 KiB pages ($ratio_r x minimum), $p2_r 2 MiB page(s)"
	for f in 95 90; do
		read -r nf b s4 s2 <<EOF
$(pages "$out/stock.tab" "$out/hot$f")
EOF
		read -r nf b r4 r2 <<EOF
$(pages "$out/reordered.tab" "$out/hot$f")
EOF
		echo "  # $f% hot set: $(wc -l < "$out/hot$f") functions, minimum $(( (b + 4095) / 4096 )) pages;" \
			"empty list $s4 pages/$s2 large, reordered $r4 pages/$r2 large"
	done
	echo "  # hot names with several symbols (all counted): $(awk 'NR == FNR { h[$1] = 1; next }
		($3 in h) { n[$3]++ } END { for (x in n) if (n[x] > 1) c++; print c + 0 }' "$out/hot" "$out/reordered.tab")"
	if [ "$(echo "$p4_r <= 1.1 * $minimum" | bc)" -eq 1 ] && [ "$p2_r" -eq 1 ]; then
		echo "  goal (<= 1.1 x minimum, one 2 MiB page): met"
	else
		echo "  goal (<= 1.1 x minimum, one 2 MiB page): NOT met"
	fi
} | tee "$out/result.txt"

# ---- the picture ----------------------------------------------------
# One row per layout, bottom up: every function a grey box, hot ones red
# and taller, 2 MiB boundaries as blue lines; x is the offset from _text.
rows="stock|empty list: $p4_s x 4K pages
reordered|reordered: $p4_r x 4K pages"
[ -n "${STOCK_VMLINUX:-}" ] && rows="real-stock|stock kernel: $p4_k x 4K pages
$rows"
y=0 ytics= plot=
while IFS='|' read -r l label; do
	y=$((y + 1))
	awk 'NR == FNR { hot[$1] = 1; next }
		$3 != "_etext" { print $1 / 1024, ($1 + ($2 > 0 ? $2 : 1)) / 1024, ($3 in hot) }' \
		"$out/hot" "$out/$l.tab" > "$out/$l.dat"
	ytics="$ytics${ytics:+, }\"$label\" $y"
	plot="$plot${plot:+, }\"$out/$l.dat\" using ((\$1+\$2)/2):($y):((\$2-\$1)/2):(\$3 > 0.5 ? 0.35 : 0.2) with boxxyerror lc rgb \"#b0b0b0\""
	plot="$plot, \"$out/$l.dat\" using ((\$1+\$2)/2):(\$3 > 0.5 ? $y : 1/0):((\$2-\$1)/2 + 0.4):(0.35) with boxxyerror lc rgb \"red\""
done <<ROWS
$rows
ROWS
if command -v gnuplot > /dev/null 2>&1; then
	gnuplot <<EOF
set terminal pngcairo size 1600,$((140 * y + 140)) font ",11" noenhanced
set output "$out/text-layout.png"
set title "Kernel .text: where the hot set ($nhot functions, 99% of samples) lies"
set xlabel "offset from _text (KiB); blue: 2 MiB page boundaries"
set xrange [0:*]
set yrange [0.4:$y.6]
set ytics ($ytics)
do for [b=0:16] { set arrow from b*2048, graph 0 to b*2048, graph 1 nohead lc rgb "blue" lw 2 }
set key off
set style fill solid 1.0 noborder
plot $plot
EOF
	echo "  picture: $out/text-layout.png"
else
	echo "  picture: skipped, gnuplot not installed (Debian package gnuplot-nox)"
fi
