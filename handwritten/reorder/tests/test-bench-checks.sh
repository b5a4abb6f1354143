#!/bin/sh
# Unit tests of the benchmark's refusals and of the alignment it reads:
# bench-check-list.sh (a list naming functions the kernel lacks),
# bench-check-config.sh (profiles of another build), bench-align.sh
# (the function alignment of objects compiled here) (KTAP).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A map of 200 functions; lists naming 200 of them, 2 more, 3 more.
awk 'BEGIN { for (i = 0; i < 200; i++) printf "ffffffff81%06x T f%d\n", 16 * i, i
	print "ffffffff82000000 D not_text" }' > "$tmp/map"
awk 'BEGIN { for (i = 0; i < 199; i++) printf "*(.text.f%d)\n", i; print "*(.text.unlikely.f199)" }' > "$tmp/good"
{ cat "$tmp/good"; echo "*(.text.gone1)"; echo "*(.text.gone2)"; echo "*arch/x86/lib/copy.o(.text)"; } > "$tmp/two"
{ cat "$tmp/two"; echo "*(.text.not_text)"; } > "$tmp/three"
same_text "$("$here/bench-check-list.sh" "$tmp/good" "$tmp/map" 2>&1)" \
	"bench-check-list: $tmp/good: 0 of 200 entries name no function of $tmp/map" \
	"a list of the kernel's functions passes, a __cold one named by its .text.unlikely.NAME"
same_text "$("$here/bench-check-list.sh" "$tmp/two" "$tmp/map" 2>&1)" \
	"bench-check-list: $tmp/two: 2 of 202 entries name no function of $tmp/map (e.g. gone1 gone2)" \
	"2 of 202 entries missing (9.9 per mille) pass, counted and named; object lines are no entries"
expect_fail "3 of 203 (a data symbol is no function) fail, naming the list" \
	"$tmp/three: 3 of 203 entries name functions .* does not have \(more than 10 per mille\)" \
	"$here/bench-check-list.sh" "$tmp/three" "$tmp/map"

printf 'CONFIG_A=y\n# CONFIG_B is not set\nCONFIG_FUNCTION_REORDER_LIST="x"\n' > "$tmp/c1"
printf '# comment\nCONFIG_FUNCTION_REORDER_LIST="y"\n# CONFIG_B is not set\nCONFIG_A=y\n' > "$tmp/c2"
printf 'CONFIG_A=m\n# CONFIG_B is not set\n' > "$tmp/c3"
check "the same configuration (order, comments, list path aside) passes" \
	"$here/bench-check-config.sh" "$tmp/c1" "$tmp/c2"
expect_fail "another configuration fails, naming the profiles' config" \
	"$tmp/c1: profiles of another kernel build: 2 option lines differ" \
	"$here/bench-check-config.sh" "$tmp/c1" "$tmp/c3"

mkdir -p "$tmp/k"
printf 'int f(int x) { return x + 1; }\nint g(int x) { return x * 3; }\n' > "$tmp/k/f.c"
for a in 16 64; do
	gcc -c -O2 -ffunction-sections -falign-functions=$a -o "$tmp/k/vmlinux.o" "$tmp/k/f.c"
	echo CONFIG_X=y > "$tmp/k/.config"
	same_text "$("$here/bench-align.sh" "$tmp/k" 2> /dev/null)" "$a" \
		"-falign-functions=$a: bench-align.sh reads $a from the sections"
done
echo CONFIG_DEBUG_FORCE_FUNCTION_ALIGN_64B=y > "$tmp/k/.config"
gcc -c -O2 -ffunction-sections -falign-functions=16 -o "$tmp/k/vmlinux.o" "$tmp/k/f.c"
expect_fail "a config forcing 64-byte alignment with objects aligned to 16 is an error" \
	"CONFIG_DEBUG_FORCE_FUNCTION_ALIGN_64B, but most functions of vmlinux.o are aligned to 16" \
	"$here/bench-align.sh" "$tmp/k"
gcc -c -O2 -o "$tmp/k/vmlinux.o" "$tmp/k/f.c"
expect_fail "objects without function sections are an error" "no .text.NAME sections" \
	"$here/bench-align.sh" "$tmp/k"
finish
