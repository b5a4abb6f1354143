#!/bin/sh
# The text a linker list cannot split, per object, for the benchmark's
# "best case for a list" (bench-measure.sh, bestunitP).
#
# usage: bench-units.sh KBUILD_OUT > units
#
# A function in a .text.NAME section of its own can go anywhere in a
# list.  The others come with the whole section they share with the
# rest of their object: __sched, noinstr, __cpuidle and __lockfunc are
# explicit section attributes, which -ffunction-sections does not
# split, and assembly sits in plain .text; the linker script places
# each such input section whole, as it must to keep the section bounds
# (in_sched_functions(), the noinstr checks, PTI's entry text).
# Prints "NAME UNIT SIZE POOL" for every symbol of such a section of
# KBUILD_OUT's vmlinux.a or lib.a archives: UNIT is OBJECT:SECTION,
# SIZE that input section's size in bytes (decimal), POOL 1 for the
# entry text (pages of its own under PTI), else 0.
set -eu
[ $# -eq 1 ] || { echo "usage: bench-units.sh KBUILD_OUT" >&2; exit 2; }
kout=$1
collect=$(dirname "$0")/../../../generator/collect
. "$collect/vmlinux-archives.sh"
vmlinux_archives bench-units "$kout"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Through files, not pipes: sh has no pipefail, and a failed objdump must
# not leave a short table behind.
# shellcheck disable=SC2086
(cd "$kout" && objdump -h $archives > "$tmp/sections" && objdump -t $archives > "$tmp/symbols") ||
	{ echo "bench-units: objdump failed on$archives in $kout" >&2; exit 1; }
# objdump prints "FILE:  file format ..." before each member; -h then
# has "IDX NAME SIZE VMA LMA OFF ALIGN" lines, -t "ADDR FLAGS SECTION
# SIZE NAME" lines whose flags column has spaces in it.  mawk has no
# -e: hex32.awk goes first in the program's text.
awk "$(cat "$collect/hex32.awk")"'
	function whole(s) {
		return s == ".text" || s == ".noinstr.text" || s == ".sched.text" ||
			s == ".cpuidle.text" || s == ".spinlock.text" ||
			s == ".entry.text" || s == ".softirqentry.text" ||
			s == ".static_call.text" || s ~ /^\.text\.\.__x86\./
	}
	# An object may be listed by more than one archive: its sections
	# count once.  One object may have several sections of one name.
	/ file format / {
		obj = $1
		sub(/:$/, "", obj)
		again = FILENAME == ARGV[1] && (obj in seen)
		seen[obj] = 1
		next
	}
	FILENAME == ARGV[1] {
		if (!again && $1 ~ /^[0-9]+$/ && NF >= 7 && whole($2))
			size[obj ":" $2] += hex32($3)
		next
	}
	NF >= 5 && whole($(NF - 2)) && $NF != $(NF - 2) && size[obj ":" $(NF - 2)] > 0 {
		u = obj ":" $(NF - 2)
		print $NF, u, size[u], ($(NF - 2) == ".entry.text")
	}' "$tmp/sections" "$tmp/symbols" | sort -u
