#!/bin/sh
# Boot a kernel + initramfs in QEMU and collect the guest's KTAP output.
#
# usage: run.sh --kernel BZIMAGE --initrd CPIO --out DIR [options]
#   --append ARGS    extra kernel command line
#   --accel A        auto (default), tcg or kvm
#   --mem SIZE       guest memory (default 256M)
#   --disk FILE      attach FILE as the next virtio-blk disk (repeatable)
#   --timeout SECS   hard limit for the whole boot (default 300)
#   --plugin SPEC    load a TCG plugin ("FILE.so,arg=value,..."), under
#                    -icount shift=0 (one ns per instruction, so counts
#                    are exact and repeatable) with one vCPU; implies TCG
#
# The console (ttyS0) goes to DIR/console.log and the tests' KTAP output
# (ttyS1) to DIR/ktap.log, so kernel messages never interleave with
# results.  Exit status: 0 when the guest ran to the end and reported, 1 on
# panic/oops/BUG, time-out or no report (the console tail is printed), 2
# on a usage or set-up error.
set -eu

die() {
	echo "qemu/run.sh: error: $*" >&2
	exit 2
}

kernel= initrd= out= append= accel=auto mem=256M timeout=300 disks= plugin=
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) kernel=$2; shift 2 ;;
	--initrd) initrd=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--append) append=$2; shift 2 ;;
	--accel) accel=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--disk) disks="$disks $2"; shift 2 ;;
	--timeout) timeout=$2; shift 2 ;;
	--plugin) plugin=$2; shift 2 ;;
	*) die "unknown option '$1'" ;;
	esac
done
[ -n "$kernel" ] && [ -n "$initrd" ] && [ -n "$out" ] ||
	die "usage: run.sh --kernel BZIMAGE --initrd CPIO --out DIR [--append ARGS] [--accel auto|tcg|kvm] [--mem SIZE] [--disk FILE]... [--timeout SECS] [--plugin SPEC]"
[ -f "$kernel" ] || die "kernel image $kernel not found"
[ -f "$initrd" ] || die "initramfs $initrd not found"
QEMU=${QEMU:-qemu-system-x86_64}
command -v "$QEMU" >/dev/null 2>&1 ||
	die "$QEMU not found; install the Debian package qemu-system-x86"
case $accel in
auto | tcg | kvm) ;;
*) die "unknown accelerator '$accel' (use auto, tcg or kvm)" ;;
esac
mkdir -p "$out"
console=$out/console.log
ktap=$out/ktap.log

# KVM only when a real boot proves it works: here /dev/kvm exists but
# guests cannot run (no nested virtualisation) and QEMU aborts or hangs.
kvm_works() {
	[ -r /dev/kvm ] && [ -w /dev/kvm ] || return 1
	probe=$out/kvm-probe.log
	rm -f "$probe"
	# No initrd: the kernel panics at once on the missing root, which
	# with panic=-1 and -no-reboot ends QEMU.  Five seconds is plenty
	# for KVM; a hang or an abort means no.
	timeout -k 1 5 "$QEMU" -accel kvm -cpu host -m 128M -kernel "$kernel" \
		-append "console=ttyS0 panic=-1" -display none -monitor none \
		-serial "file:$probe" -no-reboot >/dev/null 2>&1 || true
	grep -q 'Kernel panic' "$probe" 2>/dev/null
}
if [ -n "$plugin" ]; then
	[ -f "${plugin%%,*}" ] || die "plugin ${plugin%%,*} not found"
	[ "$accel" != kvm ] || die "a TCG plugin needs --accel tcg"
	accel=tcg
fi
case $accel in
auto)
	if kvm_works; then accel=kvm; else accel=tcg; fi ;;
kvm)
	kvm_works || die "KVM was requested but a probe boot failed (see $out/kvm-probe.log)" ;;
esac
cpu=max
[ "$accel" = kvm ] && cpu=host
echo "$accel" > "$out/accel"

# no_timer_check: under TCG on a loaded host the IO-APIC timer check can
# miss its ticks and panic ("IO-APIC + timer doesn't work"); it exists
# for virtual machines whose timer is known good, as QEMU's is.
# -icount runs the vCPUs one at a time anyway, and under it QEMU 7.2
# never brings up the second vCPU of Debian's configuration (the boot
# stops at "x86: Booting SMP configuration:"): plugin boots get one.
smp=2
[ -n "$plugin" ] && smp=1
set -- -accel "$accel" -cpu "$cpu" -m "$mem" -smp $smp \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 panic=-1 oops=panic loglevel=6 no_timer_check $append" \
	-display none -monitor none -no-reboot \
	-serial "file:$console" -serial "file:$ktap"
[ -n "$plugin" ] && set -- "$@" -icount shift=0 -plugin "$plugin"
for d in $disks; do
	[ -f "$d" ] || die "disk image $d not found"
	set -- "$@" -drive "file=$d,if=virtio,format=raw,cache=unsafe"
done

rm -f "$console" "$ktap"
: > "$ktap"
echo "qemu/run.sh: booting $kernel ($accel, $mem, timeout ${timeout}s)"
start=$(date +%s.%N)
# Record boot-to-first-KTAP-line for the benchmark.
(
	while [ ! -s "$ktap" ]; do sleep 0.02; done
	echo "$(date +%s.%N) - $start" | bc > "$out/first-ktap-seconds"
) &
watcher=$!
rc=0
timeout -k 5 "$timeout" "$QEMU" "$@" > "$out/qemu.stderr" 2>&1 || rc=$?
end=$(date +%s.%N)
kill "$watcher" 2>/dev/null || true
wait "$watcher" 2>/dev/null || true
echo "$end - $start" | bc > "$out/boot-seconds"

fail() {
	echo "qemu/run.sh: FAIL: $*" >&2
	echo "---- last lines of $console ----" >&2
	tail -n 40 "$console" >&2 2>/dev/null || true
	[ -s "$out/qemu.stderr" ] && { echo "---- qemu stderr ----" >&2; cat "$out/qemu.stderr" >&2; }
	exit 1
}
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	fail "guest did not finish within ${timeout}s (hung boot or test)"
fi
[ "$rc" -eq 0 ] || fail "$QEMU exited with status $rc"
if grep -qE 'Kernel panic|Oops|BUG:|general protection fault|Unable to handle kernel' "$console"; then
	fail "kernel crashed: $(grep -m1 -E 'Kernel panic|Oops|BUG:|general protection fault|Unable to handle kernel' "$console")"
fi
[ -s "$ktap" ] || fail "guest never reported results (empty $ktap)"
grep -q '^# ktest: done' "$ktap" || fail "guest stopped before reporting all results"
echo "qemu/run.sh: guest finished in $(cat "$out/boot-seconds")s; results in $ktap"
