#!/bin/sh
# qemu/load-modules.sh on Debian's own 6.1 kernel image: a module built
# against its headers loads (unsigned: the kernel taints, and says so)
# and is removed; a module whose init fails is reported with the
# kernel's words; bad requests are refused before any boot.
#
# usage: test-load-modules.sh BUILD_DIR
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/scripts/ktap.sh"
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

if ! found=$("$top/qemu/debian-kernel.sh" "$build" 2>&1); then
	skip "Debian's kernel loads a module built against its headers" "$found"
	finish
	exit
fi
image=$(echo "$found" | sed -n 1p)
kdir=$(echo "$found" | sed -n 2p)
command -v qemu-system-x86_64 >/dev/null 2>&1 || {
	skip "Debian's kernel loads a module built against its headers" "no qemu-system-x86_64"
	finish
	exit
}
echo "# $image, headers $kdir"

ok=1
for m in ktest_param lm_refuse; do
	cp -r "$top/qemu/tests/$m" "$t/$m"
	nice make -s -C "$kdir" M="$t/$m" KCFLAGS=-Werror modules > "$t/$m.build.log" 2>&1 || {
		ok=
		ktap_why=$t/$m.build.log
	}
done
[ -n "$ok" ]
result "two modules build against $kdir" $?
[ -n "$ok" ] || { finish; exit; }

# one insmod may not take 30 s, one boot 300 s: nothing hangs the suite
rc=0
nice "$lm" --load-timeout 30 --timeout 300 "$image" "$t/w" \
	"$t/ktest_param/ktest_param.ko" "$t/lm_refuse/lm_refuse.ko" > "$t/out.ktap" 2>&1 || rc=$?
sed 's/^/# /' "$t/out.ktap"
[ "$rc" = 1 ]
result "exit status 1 when a module does not load (got $rc)" $?
grep -q '^1\.\.2$' "$t/out.ktap" && grep -q '^ok 1 ktest_param$' "$t/out.ktap"
result "ktest_param: KTAP 'ok' on Debian's kernel" $?
grep -q "^ktest_param	ok	loaded and removed\$" "$t/w/results"
result "ktest_param: loaded and removed" $?
grep -q '^# .*ktest_param: module verification failed: signature and/or required key missing - tainting kernel' "$t/out.ktap"
result "an unsigned module taints Debian's kernel but loads (no enforced signing, no lockdown)" $?
grep -q '^not ok 2 lm_refuse$' "$t/out.ktap" &&
	grep -q "^lm_refuse	fail	insmod failed (status 19): lm_refuse: no device here, refusing to load\$" "$t/w/results"
result "lm_refuse: not loaded, with the kernel's reason" $?
grep -q "Linux version ${kdir##*linux-headers-}" "$t/w/boot0/console.log"
result "the guest ran Debian's kernel ${kdir##*linux-headers-}" $?
finish
