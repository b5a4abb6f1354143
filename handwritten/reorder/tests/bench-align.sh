#!/bin/sh
# The function alignment of a kernel build, for the benchmark's best
# cases (bench-pack.awk): the alignment of most .text.NAME sections of
# KBUILD_OUT's vmlinux.o, as the compiler set it (-falign-functions, or
# its default for the build's -O2 and -mtune: 16 bytes with GCC 12 on
# x86-64).  The .text.unlikely.NAME sections (cold parts, aligned 1) and
# the .text..NAME sections the linker script names are not functions a
# list places.  With CONFIG_DEBUG_FORCE_FUNCTION_ALIGN_64B the objects
# must say 64: anything else is an error, not a guess.
#
# usage: bench-align.sh KBUILD_OUT
#   prints the alignment in bytes; "# " lines on standard error say
#   how many sections have it.
set -eu
[ $# -eq 1 ] || { echo "usage: bench-align.sh KBUILD_OUT" >&2; exit 2; }
kout=$1
die() { echo "bench-align: $*" >&2; exit 1; }
[ -f "$kout/vmlinux.o" ] || die "$kout/vmlinux.o: not found; build the kernel first"
[ -f "$kout/.config" ] || die "$kout/.config: not found"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
readelf -SW "$kout/vmlinux.o" > "$tmp/sections" || die "readelf failed on $kout/vmlinux.o"
# "[Nr] Name Type Address Off Size ES Flg Lk Inf Al": Al is the last
# field; "[ 1]" splits in two, so the name is found by its prefix.
awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\.text\./) break }
	i <= NF && $i !~ /^\.text\.(unlikely\.|\.)/ { n[$NF]++; all++ }
	END { for (a in n) print n[a], a, all }' "$tmp/sections" | sort -k1,1nr > "$tmp/count"
[ -s "$tmp/count" ] || die "$kout/vmlinux.o has no .text.NAME sections: not built with -ffunction-sections (CONFIG_FUNCTION_REORDER)"
read -r n align all < "$tmp/count"
echo "# function alignment $align bytes: $n of $all .text.NAME sections of $kout/vmlinux.o" >&2
if grep -q '^CONFIG_DEBUG_FORCE_FUNCTION_ALIGN_64B=y' "$kout/.config" && [ "$align" != 64 ]; then
	die "$kout/.config has CONFIG_DEBUG_FORCE_FUNCTION_ALIGN_64B, but most functions of vmlinux.o are aligned to $align"
fi
echo "$align"
