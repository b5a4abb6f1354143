#!/bin/sh
# Unit test of bench-pack.awk, the benchmark's best-case packing: page
# counts worked out by hand from units whose sizes and alignment decide
# whether a page more is needed (KTAP).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# pack FILE TOTAL P APART ALIGN
pack() { awk -v total="$2" -v p="$3" -v apart="$4" -v align="$5" -f "$here/bench-pack.awk" "$1"; }

# 256 units of 15 bytes, 10 executions each: 3,840 bytes, one page
# unaligned; aligned to 16 they take 4,096, still one page.
awk 'BEGIN { for (i = 0; i < 256; i++) print 10 / 15, 10, 15, 0 }' > "$tmp/fit"
same_text "$(pack "$tmp/fit" 2560 100 0 1)/$(pack "$tmp/fit" 2560 100 0 16)" "1/1" \
	"256 x 15 bytes: one page unaligned, one page at 16-byte alignment (4,096 bytes)"
# 256 units of 17 bytes: 4,352 bytes unaligned (two pages), 32 each at
# 16-byte alignment: 8,192 bytes, still two pages; at 64, 16 KiB: four.
awk 'BEGIN { for (i = 0; i < 256; i++) print 10 / 17, 10, 17, 0 }' > "$tmp/over"
same_text "$(pack "$tmp/over" 2560 100 0 1)/$(pack "$tmp/over" 2560 100 0 16)/$(pack "$tmp/over" 2560 100 0 64)" "2/2/4" \
	"256 x 17 bytes: two pages unaligned and at 16 bytes, four at 64"
# 200 units of 20 bytes: 4,000 bytes fit one page unaligned, 6,400 at
# 16-byte alignment take two: what the alignment costs.
awk 'BEGIN { for (i = 0; i < 200; i++) print 1, 20, 20, 0 }' > "$tmp/cost"
same_text "$(pack "$tmp/cost" 4000 100 0 1)/$(pack "$tmp/cost" 4000 100 0 16)" "1/2" \
	"200 x 20 bytes: one page unaligned, two at 16-byte alignment"
# Half of the execution: only as many units as reach it.
same_text "$(pack "$tmp/cost" 4000 50 0 16)" "1" \
	"50 %: the first 100 units (3,200 bytes aligned), one page"
# The entry text apart: 100 bytes of entry and 100 of other text share
# one page, or take one each.
printf '%s\n' "10 1000 100 1" "9 900 100 0" > "$tmp/pti"
same_text "$(pack "$tmp/pti" 1900 100 0 16)/$(pack "$tmp/pti" 1900 100 1 16)" "1/2" \
	"entry text and other text: one page together, two with the entry text apart (PTI)"
# Not reaching P % prints nothing; a bad alignment is an error.
same_text "$(pack "$tmp/pti" 5000 99 1 16)" "" "a file that does not reach P % gives no count"
expect_fail "align=0 is an error" "align must be 1 or more" pack "$tmp/pti" 1900 100 1 0
finish
