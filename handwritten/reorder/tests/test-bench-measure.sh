#!/bin/sh
# Unit test of bench-measure.sh on one made-up boot: four functions,
# one of them in the entry text, whose page counts, best cases and
# rep share are worked out here by hand; counts of another map refused
# (KTAP).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# nm -S: hot1 48 bytes, hot2 32, cold 4096, entry_SYSCALL_64 64 in the
# entry text.
cat > "$tmp/sizes" <<'NM'
ffffffff81000000 0000000000000030 T hot1
ffffffff81000040 0000000000000020 T hot2
ffffffff81005000 0000000000001000 T cold
ffffffff81010000 T __entry_text_start
ffffffff81010000 0000000000000040 T entry_SYSCALL_64
ffffffff81010040 T __entry_text_end
NM
awk 'NF == 4 { print $1, $3, $4 } NF == 3' "$tmp/sizes" > "$tmp/map"
sha=$(sha256sum < "$tmp/map" | cut -d ' ' -f 1)
r=$tmp/region.1
printf '%s\n' "600 hot1 12.5" "300 hot2 9.375" "100 cold 0.0244" "50 entry_SYSCALL_64 0.78" "1050 total 0" > "$r.profile"
printf '%s\n' "ffffffff81000 900" "ffffffff81005 100" "ffffffff81010 50" > "$r.pages"
printf '%s\n' "map_sha256 $sha" "kernel_insns 1050" "kernel_insns_tcg 1400" "itlb4k_l1 21" \
	"itlb4k_walk 0" "itlb2m 0" "l1i 42" > "$r.stats"
echo "nothing unit:.text 16 0" > "$tmp/units"

"$here/bench-measure.sh" lay "$tmp/map" "$tmp/sizes" "$tmp/units" 16 "$tmp/curve" "$r" > "$tmp/m" 2> "$tmp/err"
same_text "$?" 0 "bench-measure.sh measures the boot $(cat "$tmp/err")"
get() { awk -F '\t' -v m="$1" '$2 == m { print $3 }' "$tmp/m"; }
same_text "$(get kernel_insns) $(get kernel_insns_tcg) $(get rep_share) $(get align)" "1050 1400 0.2500 16" \
	"instructions with rep once and per iteration, the share of iterations after the first, the alignment"
# Pages by count: 900, 100, 50.  50 % (525) takes the first, 99 %
# (1039.5) all three.
same_text "$(get pages50) $(get pages99)" "1 3" "pages holding 50 and 99 %: 1 and 3"
# Densest first: hot1, hot2, entry_SYSCALL_64, cold.  99 % needs all:
# 48 + 32 + 64 + 4096 bytes on 2 pages, or with the entry text apart
# 2 + 1.  50 % needs hot1 alone: 1 page.
same_text "$(get best99) $(get ptibest99) $(get ptibest50) $(get pages99_x_ptibest)" "2 3 1 1.000" \
	"best cases: 99 % on 2 pages, 3 with the entry text apart (PTI), 50 % on 1"
same_text "$(get itlb4k_per_1k) $(get l1i_per_1k) $(get hugepages99)" "20.0000 40.0000 1" \
	"misses per 1,000 instructions counted once (21 and 42 of 1050); one 2 MiB page"
sed -i "s/^map_sha256 .*/map_sha256 0000/" "$r.stats"
expect_fail "counts of another build's map are refused, naming the stats" \
	"region.1.stats: counts of another kernel build" \
	"$here/bench-measure.sh" lay "$tmp/map" "$tmp/sizes" "$tmp/units" 16 "$tmp/curve" "$r"
finish
