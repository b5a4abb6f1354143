#!/bin/sh
# The kernel-fetch plugin counts a rep string instruction once per
# execution, not once per iteration: rep-loop.c runs under qemu-x86_64
# (user mode, start=0 so that its own code is followed) with 16 and with
# 4096 bytes per "rep movsb", 1,000 calls between two region marks (KTAP).
#
# usage: test-rep.sh PLUGIN OUTDIR
set -u
[ $# -eq 2 ] || { echo "usage: test-rep.sh PLUGIN OUTDIR" >&2; exit 2; }
so=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/ktap.sh"
# holds CONDITION NAME: the test is a shell condition
holds() { if eval "$1"; then ok "$2"; else not_ok "$2"; fi; }

if ! command -v qemu-x86_64 > /dev/null 2>&1; then
	skip "rep movsb counted once" "no qemu-x86_64 (Debian package qemu-user)"
	finish
	exit 0
fi
[ -f "$so" ] || { echo "Bail out! $so not found"; exit 1; }
rm -rf "$out"
mkdir -p "$out"
gcc -static -O2 -Wall -Wextra -Werror -o "$out/rep-loop" "$here/rep-loop.c" "$here/rep-copy.S" ||
	{ echo "Bail out! cannot build rep-loop.c and rep-copy.S"; exit 1; }
nm "$out/rep-loop" > "$out/map"
# copy()'s instructions up to its ret: each runs once per call.
insns=$(objdump -d --disassemble=copy "$out/rep-loop" |
	awk '/^ +[0-9a-f]+:\t/ { n++ } /\tret/ { print n; exit }')
movsb=$(objdump -d --disassemble=copy "$out/rep-loop" |
	awk -F '[ :]+' '/rep movsb/ { print $2; exit }')
for n in 16 4096; do
	qemu-x86_64 -plugin "$so,map=$out/map,out=$out/r$n,start=0" "$out/rep-loop" "$n" \
		> "$out/r$n.log" 2>&1
	rc=$?
	holds '[ $rc -eq 0 ] && [ -s $out/r$n.1.stats ] && [ -s $out/r$n.1.profile ] && [ -e $out/r$n.1.reps ]' \
		"$n bytes: rep-loop runs under the plugin, which writes region 1 (status $rc)"
done
stat() { awk -v k="$2" '$1 == k { print $2 }' "$out/r$1.1.stats"; }
prof() { awk -v k="$2" '$2 == k { print $1 }' "$out/r$1.1.profile"; }

# The region's code is the same whatever the byte count: so are its
# instructions, each rep movsb counted once.
holds '[ -n "$insns" ] && [ "$(prof 16 copy)" = $((1000 * insns)) ] && [ "$(prof 4096 copy)" = $((1000 * insns)) ]' \
	"copy() counts 1,000 x its $insns instructions for 16 and for 4096 bytes ($(prof 16 copy), $(prof 4096 copy))"
holds '[ "$(stat 16 kernel_insns)" = "$(stat 4096 kernel_insns)" ] && [ "$(stat 16 rep_insns)" = 1000 ] && [ "$(stat 4096 rep_insns)" = 1000 ]' \
	"the region's instructions ($(stat 16 kernel_insns), $(stat 4096 kernel_insns)) and rep executions (1000) do not depend on the byte count"

# TCG executed each iteration: the other count shows it.
t16=$(stat 16 rep_insns_tcg) t4096=$(stat 4096 rep_insns_tcg)
holds '[ "$t16" -ge 16000 ] && [ "$t4096" -ge 4096000 ]' \
	"TCG ran rep movsb once per byte moved or more ($t16 for 16 bytes, $t4096 for 4096)"
for n in 16 4096; do
	holds '[ $(($(stat $n kernel_insns_tcg) - $(stat $n kernel_insns))) -eq $(($(stat $n rep_insns_tcg) - $(stat $n rep_insns))) ]' \
		"$n bytes: kernel_insns_tcg - kernel_insns = rep_insns_tcg - rep_insns (the iterations after the first)"
done

# .reps names the one rep string instruction, not the rep-prefixed pause.
same_text "$(cat "$out/r4096.1.reps")" "$movsb copy+0x$(printf '%x' $((0x$movsb - 0x$(awk '$3 == "copy" { print $1 }' "$out/map")))) 1000 $t4096" \
	".reps: rep movsb at its address in copy(), 1,000 executions, $t4096 TCG executions; pause is not listed"
# The stats name the map the counts are of.
same_text "$(stat 16 map_sha256)" "$(sha256sum < "$out/map" | cut -d ' ' -f 1)" \
	".stats: map_sha256 is the sha256 of the map the plugin read"
# Its pages and profile count executions too.
holds '[ "$(awk "{ s += \$2 } END { print s }" $out/r4096.1.pages)" = "$(stat 4096 kernel_insns)" ]' \
	"page counts add up to the instructions counted once per rep execution"
finish
