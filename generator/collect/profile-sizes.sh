#!/bin/sh
# The text symbols of a kernel that profiles name, as "nm -S" gives them.
#
# usage: profile-sizes.sh VMLINUX PROFILE...
#
# PROFILEs are readprofile(1) text (the name in field 2) or .edges
# ("count caller callee").  profile2linkerlist --system-map reads the
# output to order by density or call chains (functionlist/sizes), so the
# list can be made again without the kernel.  Sizes nm does not give
# are filled in from the whole symbol table first (text-sizes.awk), as
# the subset no longer holds the next symbol.  Address order.
set -eu
[ $# -ge 2 ] || { echo "usage: profile-sizes.sh VMLINUX PROFILE..." >&2; exit 2; }
vmlinux=$1
shift
[ -f "$vmlinux" ] || { echo "profile-sizes: $vmlinux: not found" >&2; exit 1; }
for p in "$@"; do
	[ -s "$p" ] || { echo "profile-sizes: $p: missing or empty" >&2; exit 1; }
done
here=$(dirname "$0")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Through files, not pipes: sh has no pipefail, and a failed nm or awk
# must not leave a short list behind.
nm -n -S "$vmlinux" > "$tmp/nm"
awk -f "$here/hex32.awk" -f "$here/text-sizes.awk" "$tmp/nm" > "$tmp/text"
awk '
	FILENAME != "-" {
		if (FILENAME ~ /\.edges$/) { want[$2] = 1; want[$3] = 1 } else want[$2] = 1
		next
	}
	$4 in want' "$@" - < "$tmp/text"
