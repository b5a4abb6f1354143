#!/bin/sh
# Link KBUILD_OUT's kernel again with another function list.
#
# usage: bench-relink.sh KSRC KBUILD_OUT WORK LIST DEST
#
# Each call brings WORK/kbuild up to date with KBUILD_OUT
# (bench-relink-copy.sh: the same objects, configuration and timestamps,
# so that every layout is linked from what KBUILD_OUT compiled and the
# copy compiles nothing of its own), points CONFIG_FUNCTION_REORDER_LIST
# at WORK/kbuild.list, copies LIST there and lets kbuild relink: the list
# is included by vmlinux.lds only, so only the link steps run.  DEST gets bzImage,
# System.map, "nm -S" of vmlinux (the sizes the measures need) and
# "size -A" of it (vmlinux-sections), the sizes bzImage is made of
# (image-sizes, bench-image-sizes.sh), once test-layout.sh passes on the kernel
# so linked.  KBUILD_OUT itself is never written.
# Calls sharing one WORK must not overlap (the Makefile takes a lock).
set -eu
[ $# -eq 5 ] || { echo "usage: bench-relink.sh KSRC KBUILD_OUT WORK LIST DEST" >&2; exit 2; }
ksrc=$1 kout=$2 work=$3 list=$4 dest=$5
die() { echo "bench-relink: $*" >&2; exit 1; }
[ -f "$kout/.config" ] || die "$kout/.config: not found; build the kernel first"
grep -q '^CONFIG_FUNCTION_REORDER=y' "$kout/.config" ||
	die "$kout is not a CONFIG_FUNCTION_REORDER kernel"
[ -f "$list" ] || die "$list: not found"
mkdir -p "$work"
work=$(cd "$work" && pwd)
k=$work/kbuild
"$(dirname "$0")/bench-relink-copy.sh" "$kout" "$k"
"$ksrc/scripts/config" --file "$k/.config" --set-str FUNCTION_REORDER_LIST "$work/kbuild.list"
cp "$list" "$work/kbuild.list"
log=$work/relink-$(basename "$dest").log
make -s -C "$ksrc" O="$k" olddefconfig > "$log" 2>&1 &&
	make -s -C "$ksrc" O="$k" -j"$(nproc)" bzImage >> "$log" 2>&1 ||
	die "relinking with $list failed; see $log"
cmp -s "$list" "$k/arch/x86/kernel/functionlist.lds" ||
	die "$k was linked with another list than $list"
# A layout test-layout.sh finds wrong is not measured.
"$(dirname "$0")/test-layout.sh" "$k" "$list" "$log" > "$work/layout-$(basename "$dest").ktap" 2>&1 ||
	die "$(basename "$dest"): test-layout.sh fails on the kernel linked with $list:
$(grep '^not ok' "$work/layout-$(basename "$dest").ktap")
see $work/layout-$(basename "$dest").ktap"
mkdir -p "$dest"
cp "$k/arch/x86/boot/bzImage" "$k/System.map" "$dest/"
nm -S "$k/vmlinux" > "$dest/sizes"
# Every section's size and address, so that two runs' images (which the
# bench keeps no longer than a run) can be told apart section by section.
size -A -x "$k/vmlinux" > "$dest/vmlinux-sections"
"$(dirname "$0")/bench-image-sizes.sh" "$k" > "$dest/image-sizes"
echo "bench-relink: $(basename "$dest"): $(grep -c '^\*(\.text\.' "$list" || true) listed functions, $(wc -c < "$dest/bzImage") bytes of bzImage"
