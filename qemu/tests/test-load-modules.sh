#!/bin/sh
# qemu/load-modules.sh on Debian's own 6.1 kernel image: a module built
# against its headers loads (unsigned: the kernel taints, and says so)
# and is removed; a module whose init never returns is given up after
# its limit and the next still loads in that boot; a module that panics
# the kernel fails with its message and the guest is booted again for
# the module after it, whose failing init is reported with the kernel's
# words; bad requests are refused before any boot.
#
# usage: test-load-modules.sh BUILD_DIR
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/ktap.sh"
. "$top/qemu/debian-kernel-or-skip.sh"
build=${1:-$top/build}
lm=$top/qemu/load-modules.sh
t=$build/qemu-tests/load-modules
rm -rf "$t"
mkdir -p "$t"

: > "$t/empty.ko"
expect_fail "a missing image is named" "kernel image $t/none not found" \
	"$lm" "$t/none" "$t/w" "$t/empty.ko"
: > "$t/image"
expect_fail "a file that is no .ko is refused" "$t/image: not a .ko file" \
	"$lm" "$t/image" "$t/w" "$t/image"
expect_fail "no module is a usage error" "usage: load-modules.sh" \
	"$lm" "$t/image" "$t/w"

debian_kernel_or_skip "$build" "Debian's kernel loads a module built against its headers"
image=$debian_image kdir=$debian_headers
command -v qemu-system-x86_64 >/dev/null 2>&1 || {
	skip "Debian's kernel loads a module built against its headers" "no qemu-system-x86_64"
	finish
	exit
}
echo "# $image, headers $kdir"

ok=1
for m in ktest_param lm_hang lm_panic lm_refuse; do
	cp -r "$top/qemu/tests/$m" "$t/$m"
	nice make -s -C "$kdir" M="$t/$m" KCFLAGS=-Werror modules > "$t/$m.build.log" 2>&1 || {
		ok=
		ktap_why=$t/$m.build.log
	}
done
[ -n "$ok" ]
result "four modules build against $kdir" $?
[ -n "$ok" ] || { finish; exit; }

# one insmod may not take 15 s, one boot 300 s: nothing hangs the suite
rc=0
nice "$lm" --load-timeout 15 --timeout 300 "$image" "$t/w" \
	"$t/ktest_param/ktest_param.ko" "$t/lm_hang/lm_hang.ko" \
	"$t/lm_panic/lm_panic.ko" "$t/lm_refuse/lm_refuse.ko" > "$t/out.ktap" 2>&1 || rc=$?
sed 's/^/# /' "$t/out.ktap"
[ "$rc" = 1 ]
result "exit status 1 when a module does not load (got $rc)" $?
grep -q '^1\.\.4$' "$t/out.ktap" && grep -q '^ok 1 ktest_param$' "$t/out.ktap"
result "ktest_param: KTAP 'ok' on Debian's kernel" $?
grep -q "^ktest_param	ok	loaded and removed\$" "$t/w/results"
result "ktest_param: loaded and removed" $?
grep -q '^# .*ktest_param: module verification failed: signature and/or required key missing - tainting kernel' "$t/out.ktap"
result "an unsigned module taints Debian's kernel but loads (no enforced signing, no lockdown)" $?
grep -q '^not ok 2 lm_hang$' "$t/out.ktap" &&
	grep -q "^lm_hang	fail	insmod did not return within 15 s\$" "$t/w/results"
result "lm_hang: given up after its limit, named" $?
grep -q '^not ok 3 lm_panic$' "$t/out.ktap" &&
	grep -q "^lm_panic	fail	the guest failed while loading it: qemu/run.sh: FAIL: kernel crashed: .*Kernel panic - not syncing: lm_panic: on purpose" "$t/w/results"
result "lm_panic: the panic fails it, with the kernel's message" $?
grep -q '^not ok 4 lm_refuse$' "$t/out.ktap" &&
	grep -q "^lm_refuse	fail	insmod failed (status 19): lm_refuse: no device here, refusing to load\$" "$t/w/results"
result "lm_refuse: not loaded, with the kernel's reason" $?
grep -q "Linux version ${kdir##*linux-headers-}" "$t/w/boot0/console.log"
result "the guest ran Debian's kernel ${kdir##*linux-headers-}" $?
[ -d "$t/w/boot1" ] && [ ! -d "$t/w/boot2" ] &&
	! grep -q 'LM-BEGIN lm_refuse' "$t/w/boot0/ktap.log" &&
	grep -q 'LM-BEGIN lm_refuse' "$t/w/boot1/ktap.log"
result "two boots: the hang costs its insmod only, the panic its boot; the module after it loads in the next" $?
finish
