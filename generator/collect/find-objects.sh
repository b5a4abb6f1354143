#!/bin/sh
# Which object holds each profiled function that has no section of its
# own name.
#
# usage: find-objects.sh KBUILD_OUT PROFILE... > objects.txt
#
# With -ffunction-sections a C function foo lives in .text.foo and the
# list places it by name.  Assembly (plain .text) and functions with an
# explicit section (.noinstr.text, .sched.text) cannot be named that
# way; the list places them by object instead (profile2linkerlist --objects).
# Prints "NAME SECTION OBJECT" for every function of the PROFILEs
# (readprofile text) that lives in one of those sections of an object
# of KBUILD_OUT's vmlinux.a or lib.a archives, sorted.
set -eu
[ $# -ge 2 ] || { echo "usage: find-objects.sh KBUILD_OUT PROFILE..." >&2; exit 2; }
kout=$1
shift
. "$(dirname "$0")/vmlinux-archives.sh"
vmlinux_archives find-objects "$kout"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for p in "$@"; do
	[ -r "$p" ] || { echo "find-objects: $p: cannot read" >&2; exit 1; }
done
awk '$1 ~ /^[0-9]+$/ && $2 != "total" { print $2 }' "$@" | sort -u > "$tmp/names"
# objdump -t prints "FILE:  file format ..." before each member's symbols,
# then "ADDR FLAGS SECTION SIZE NAME"; the flags column has spaces in it.
# shellcheck disable=SC2086
(cd "$kout" && objdump -t $archives) > "$tmp/symbols" ||
	{ echo "find-objects: objdump -t failed on$archives in $kout" >&2; exit 1; }
awk '
	NR == FNR { want[$1] = 1; next }
	/ file format / { obj = $1; sub(/:$/, "", obj); next }
	NF >= 5 && ($(NF - 2) == ".text" || $(NF - 2) == ".noinstr.text" ||
		    $(NF - 2) == ".sched.text") && $NF != $(NF - 2) && ($NF in want) {
		print $NF, $(NF - 2), obj
	}' "$tmp/names" "$tmp/symbols" | sort -u
