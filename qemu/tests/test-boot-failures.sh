#!/bin/sh
# Boot failures are failures: a panic, a hung guest and a guest that
# never reports must each make qemu/run.sh fail with the console tail.
# And a config fragment option that cannot stick must stop the build.
#
# usage: test-boot-failures.sh KSRC KBUILD_OUT  (needs a built bzImage)
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/ktap.sh"
ksrc=$1 kout=$2
bz=$kout/arch/x86/boot/bzImage
run=$top/qemu/run.sh
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
[ -f "$bz" ] || { not_ok "kernel image $bz exists"; finish; exit 1; }

gen=$t/gen_init_cpio
cc -O2 -o "$gen" "$ksrc/usr/gen_init_cpio.c"
mkinit() { # NAME SCRIPT: an initramfs whose /init is SCRIPT
	printf '#!/bin/busybox sh\n%s\n' "$2" > "$t/$1.init"
	"$top/qemu/mkinitramfs.sh" "$gen" "$t/$1.init" "$t/empty" "$t/$1.cpio.gz"
}

# init exiting is the simplest real panic ("Attempted to kill init")
mkinit panic 'exit 1'
expect_fail "a panicking guest fails with the console tail" "kernel crashed: Kernel panic" \
	"$run" --kernel "$bz" --initrd "$t/panic.cpio.gz" --out "$t/panic" --accel tcg --timeout 60

mkinit hang '/bin/busybox sleep 1000'
expect_fail "a hung guest hits the time-out" "did not finish within 15s" \
	"$run" --kernel "$bz" --initrd "$t/hang.cpio.gz" --out "$t/hang" --accel tcg --timeout 15

mkinit silent '/bin/busybox reboot -f'
expect_fail "a guest that never reports fails" "never reported results" \
	"$run" --kernel "$bz" --initrd "$t/silent.cpio.gz" --out "$t/silent" --accel tcg --timeout 60

mkinit partial '/bin/busybox mount -t devtmpfs d /dev; echo "KTAP version 1" > /dev/ttyS1; echo "1..3" > /dev/ttyS1; /bin/busybox reboot -f'
expect_fail "a guest that stops mid-run fails" "stopped before reporting all results" \
	"$run" --kernel "$bz" --initrd "$t/partial.cpio.gz" --out "$t/partial" --accel tcg --timeout 60

printf 'CONFIG_MODULES=y\nCONFIG_NO_SUCH_OPTION=y\n# CONFIG_MODULES is not set\n' > "$t/bad.config"
expect_fail "a config option that did not stick is named" "bad.config:2: CONFIG_NO_SUCH_OPTION=y did not stick" \
	"$top/scripts/configure-kernel.sh" "$ksrc" "$t/obj" "$t/bad.config"
finish
