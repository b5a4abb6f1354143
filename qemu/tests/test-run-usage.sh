#!/bin/sh
# qemu/run.sh refuses bad requests before starting anything.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/ktap.sh"
run=$top/qemu/run.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
: > "$t/bzImage"
: > "$t/initrd"
expect_fail "unknown accelerator is refused" "unknown accelerator 'hvf'" \
	"$run" --kernel "$t/bzImage" --initrd "$t/initrd" --out "$t/o" --accel hvf
expect_fail "missing kernel is named" "kernel image $t/none not found" \
	"$run" --kernel "$t/none" --initrd "$t/initrd" --out "$t/o"
expect_fail "missing QEMU names the package" "install the Debian package qemu-system-x86" \
	env QEMU=/nonexistent/qemu "$run" --kernel "$t/bzImage" --initrd "$t/initrd" --out "$t/o"
expect_fail "missing disk image is named" "disk image $t/nodisk.img not found" \
	"$run" --kernel "$t/bzImage" --initrd "$t/initrd" --out "$t/o" --accel tcg --disk "$t/nodisk.img"
expect_fail "missing plugin is named" "plugin $t/none.so not found" \
	"$run" --kernel "$t/bzImage" --initrd "$t/initrd" --out "$t/o" --plugin "$t/none.so,map=x"
: > "$t/p.so"
expect_fail "a plugin with KVM is refused" "a TCG plugin needs --accel tcg" \
	"$run" --kernel "$t/bzImage" --initrd "$t/initrd" --out "$t/o" --accel kvm --plugin "$t/p.so"
expect_fail "unknown option is refused" "unknown option '--bogus'" \
	"$run" --bogus
finish
