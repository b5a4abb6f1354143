#!/bin/sh
# The sizes a kernel build's bzImage is made of, so that two images of
# different size can be told apart: content (vmlinux.bin, what objcopy
# keeps of vmlinux), relocations (vmlinux.relocs, appended to it before
# compression), or how well the compressor did (the compressed payload).
#
# usage: bench-image-sizes.sh KBUILD_OUT
#
# Prints "NAME BYTES" lines: bzImage, vmlinux.bin, vmlinux.relocs and
# vmlinux.bin.COMPRESSION (the one the configuration chose).
set -eu
[ $# -eq 1 ] || { echo "usage: bench-image-sizes.sh KBUILD_OUT" >&2; exit 2; }
c=$1/arch/x86/boot/compressed
bz=$1/arch/x86/boot/bzImage
[ -s "$bz" ] || { echo "bench-image-sizes: $bz: missing or empty" >&2; exit 1; }
echo "bzImage $(wc -c < "$bz")"
for f in "$c/vmlinux.bin" "$c/vmlinux.relocs"; do
	[ -f "$f" ] || { echo "bench-image-sizes: $f: not found" >&2; exit 1; }
	echo "$(basename "$f") $(wc -c < "$f")"
done
# The compressed payload: the newest vmlinux.bin.* that is not .all
# (a build that switched compressors keeps the old one's file).
z=$(ls -t "$c"/vmlinux.bin.* 2>/dev/null | grep -v '\.all$' | head -n 1 || true)
[ -n "$z" ] || { echo "bench-image-sizes: $c: no compressed vmlinux.bin.*" >&2; exit 1; }
echo "$(basename "$z") $(wc -c < "$z")"
