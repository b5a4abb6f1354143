#!/bin/sh
# A list that places the assembly of arch/x86/lib whole, object by
# object, as lists did before each of its functions had a section of
# its own: the benchmark's baseline for what those sections buy,
# booted in the same run as the list itself.
#
# usage: bench-asm-whole.sh KSRC KBUILD_OUT LIST > LIST
#
# A "*(.text.NAME)" line naming a function of an assembly object of
# arch/x86/lib (an object built from a .S file) becomes, at the first
# such line of that object, every .text.* section of the object in the
# object's own order; later lines naming the object's functions go.
# The object's variants then sit together, in file order, where its
# first listed function is.  The code without a section of its own (the
# fault handlers the functions share) stays where the linker script
# puts the rest of arch/x86/lib's .text, right after the list, in both
# layouts.
set -eu
[ $# -eq 3 ] || { echo "usage: bench-asm-whole.sh KSRC KBUILD_OUT LIST" >&2; exit 2; }
ksrc=$1 kout=$2 list=$3
die() { echo "bench-asm-whole: $*" >&2; exit 1; }
[ -f "$list" ] || die "$list: not found"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/sections"
for src in "$ksrc"/arch/x86/lib/*.S; do
	obj=arch/x86/lib/$(basename "$src" .S).o
	[ -f "$kout/$obj" ] || continue
	# "IDX NAME SIZE ...": the object's function sections, in order
	objdump -h "$kout/$obj" > "$tmp/h" || die "objdump -h failed on $kout/$obj"
	awk -v obj="$obj" '$1 ~ /^[0-9]+$/ && $2 ~ /^\.text\.[^.]/ { print obj, $2 }' \
		"$tmp/h" >> "$tmp/sections"
done
[ -s "$tmp/sections" ] ||
	die "$kout: no assembly object of arch/x86/lib has a .text.NAME section"
awk 'NR == FNR { of[$2] = $1; n[$1]++; sec[$1, n[$1]] = $2; next }
	/^\*\(\.text\.[^)]*\)$/ && (substr($0, 3, length($0) - 3) in of) {
		o = of[substr($0, 3, length($0) - 3)]
		if (!(o in done)) {
			done[o] = 1
			for (i = 1; i <= n[o]; i++)
				print "*(" sec[o, i] ")"
		}
		next
	}
	{ print }' "$tmp/sections" "$list"
