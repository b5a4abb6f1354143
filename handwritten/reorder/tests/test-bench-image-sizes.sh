#!/bin/sh
# Unit test of bench-image-sizes.sh on a made-up build directory: each
# part's size in bytes, the newest compressed payload when an older
# compressor's file is left, a missing part refused by name (KTAP).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
c=$tmp/arch/x86/boot/compressed
mkdir -p "$c"
head -c 5000 /dev/zero > "$tmp/arch/x86/boot/bzImage"
head -c 20000 /dev/zero > "$c/vmlinux.bin"
head -c 300 /dev/zero > "$c/vmlinux.relocs"
head -c 20304 /dev/zero > "$c/vmlinux.bin.all"
head -c 7000 /dev/zero > "$c/vmlinux.bin.gz"
touch -d '2026-01-01' "$c/vmlinux.bin.gz"
head -c 4500 /dev/zero > "$c/vmlinux.bin.xz"
same_text "$("$here/bench-image-sizes.sh" "$tmp" | tr '\n' ' ')" \
	"bzImage 5000 vmlinux.bin 20000 vmlinux.relocs 300 vmlinux.bin.xz 4500 " \
	"every part's bytes; the payload is the newest vmlinux.bin.*, not an older compressor's nor .all"
rm "$c/vmlinux.relocs"
expect_fail "a missing part is refused, naming it" "vmlinux.relocs: not found" "$here/bench-image-sizes.sh" "$tmp"
rm "$tmp/arch/x86/boot/bzImage"
expect_fail "a build without bzImage is refused" "bzImage: missing or empty" "$here/bench-image-sizes.sh" "$tmp"
finish
