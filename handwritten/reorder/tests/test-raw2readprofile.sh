#!/bin/sh
# Unit test of generator/collect/raw2readprofile.sh on a hand-made profile.
#
# A System.map with three functions and a raw profile whose buckets
# (step 4 bytes) are known: each function's ticks must be the sum of
# its buckets, data symbols take none, and a map that does not cover
# the profile is an error.
set -u
conv=$(cd "$(dirname "$0")/../../../generator/collect" && pwd)/raw2readprofile.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
check() { n=$((n + 1)); if [ "$1" = "$2" ]; then echo "ok $n $3"; else
	failed=$((failed + 1)); echo "not ok $n $3"; echo "# want '$2', got '$1'"; fi; }

echo "TAP version 13"
echo "1..6"
cat > "$tmp/map" <<MAP
ffffffff81000000 T _text
ffffffff81000000 T _stext
ffffffff81000008 T alpha
ffffffff81000010 t beta.isra.0
ffffffff81000018 D not_text
ffffffff8100001c T gamma
ffffffff81000020 T _etext
MAP
# step 4, then 8 buckets of 4 bytes: 0x00 0x04 | 0x08 0x0c | 0x10 0x14 | 0x18 0x1c
for v in 4 9 0 3 4 5 0 0 7; do printf "$(printf '\\%03o\\000\\000\\000' "$v")"; done > "$tmp/raw"
"$conv" "$tmp/raw" "$tmp/map" > "$tmp/out" 2> "$tmp/err"
check "$?" 0 "converts a valid profile"
check "$(awk '$2 == "alpha" { print $1 }' "$tmp/out")" 7 "alpha gets its two buckets"
check "$(awk '$2 == "beta.isra.0" { print $1 }' "$tmp/out")" 5 "clone names kept, data symbols skipped"
check "$(awk '$2 == "gamma" { print $1 }' "$tmp/out"):$(awk '$2 == "total" { print $1 }' "$tmp/out")" "7:28" "the bucket after a data symbol stays with the function before it; total is all ticks"
# 24 buckets of one tick each: the map's text holds only 8.
{ printf '\004\000\000\000'; head -c 96 /dev/zero | tr '\000' '\001'; } > "$tmp/long"
"$conv" "$tmp/long" "$tmp/map" > /dev/null 2> "$tmp/err"
rc=$?
check "$rc:$(grep -c 'past _etext' "$tmp/err")" "1:1" "a profile longer than the map's text is an error"
# A step of 0x01010101 bytes is not a profile.
head -c 100 /dev/zero | tr '\000' '\001' > "$tmp/nostep"
"$conv" "$tmp/nostep" "$tmp/map" > /dev/null 2> "$tmp/err"
rc=$?
check "$rc:$(grep -c 'not a profile step' "$tmp/err")" "1:1" "a file without a valid step is an error"
echo "# $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
