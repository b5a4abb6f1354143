#!/bin/sh
# Unit test of generator/collect/profile-sizes.sh and text-sizes.awk:
# the sizes of profiled functions in an object assembled here, where
# some symbols are labels nm gives no size (as entry_SYSCALL_64's inner
# labels are), one shares its address with another, and the last has
# nothing after it.  Every expected size is the gap the assembly below
# leaves.
set -u
fl=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../../../scripts/ktap.sh"

cat > "$tmp/k.S" <<'S'
	.text
	.globl sized
	.type sized, @function
sized:
	.skip 32
	.size sized, 32
label_a:
alias_a:
	.skip 16
label_b:
	.skip 8
	.globl small
	.type small, @function
small:
	.skip 4
	.size small, 4
unnamed:
	.skip 64
last_label:
	.skip 12
	.data
a_datum:
	.quad 0
S
gcc -c -o "$tmp/vmlinux" "$tmp/k.S" || { echo "Bail out! cannot assemble the test object"; exit 1; }
cat > "$tmp/prof.txt" <<'P'
    40 sized                                      1.0000
    30 label_a                                    1.0000
    20 alias_a                                    1.0000
     5 last_label                                 1.0000
     1 a_datum                                    1.0000
    96 total                                      0.0010
P
printf '7 label_b small\n' > "$tmp/prof.edges"

"$fl/profile-sizes.sh" "$tmp/vmlinux" "$tmp/prof.txt" "$tmp/prof.edges" > "$tmp/out" 2> "$tmp/err"
same_text "$?" 0 "profile-sizes.sh runs on an object"
# name size, sizes in decimal
got=$(awk -f "$fl/hex32.awk" -f /dev/stdin "$tmp/out" <<'A'
{ printf "%s %d\n", $4, hex32($2) }
A
)
# alias_a and label_a share an address: their order is nm's.
same_text "$(printf '%s\n' "$got" | sort)" "$(printf '%s\n' "alias_a 16" "label_a 16" "label_b 8" "last_label 0" "sized 32" "small 4" | sort)" \
	"nm's sizes kept; labels reach the next symbol; the last has none after it"
same_text "$(awk '{ print $1 }' "$tmp/out" | sort -c 2>&1 && echo sorted)" "sorted" "the output is in address order"
same_text "$(grep -c 'unnamed\|a_datum' "$tmp/out")" 0 "symbols no profile names, and data, are left out"

expect_fail "a missing vmlinux is an error that names it" "nowhere/vmlinux: not found" \
	"$fl/profile-sizes.sh" "$tmp/nowhere/vmlinux" "$tmp/prof.txt"
: > "$tmp/empty.txt"
expect_fail "an empty profile is an error that names it" "empty.txt: missing or empty" \
	"$fl/profile-sizes.sh" "$tmp/vmlinux" "$tmp/empty.txt"

nm -S "$tmp/vmlinux" | sort -r > "$tmp/unsorted"
expect_fail "text-sizes.awk refuses input out of address order, naming the line" \
	"unsorted:[0-9]+: .* not in address order" \
	awk -f "$fl/hex32.awk" -f "$fl/text-sizes.awk" "$tmp/unsorted"

finish
