#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# modparm-convert against the kernel a Debian user has: --check-build
# with Debian's linux-headers of the installed linux-source-6.1's
# version (/lib/modules/RELEASE/build), --check-load booting Debian's
# own image (--kernel /boot/vmlinuz-RELEASE, or the one
# scripts/ensure-deps.sh fetched into build/) in QEMU:
#   - the -common headers directory is refused, naming the flavour's;
#   - --kernel is refused without --check-load, and when no bzImage;
#   - compat blocks (MODULE_PARM in the old branch, module_param* in the
#     new) are built in the branch 6.1 takes, and a wrong one fails;
#   - load/fixtures-bsd (#if lines that warn: -Wundef, -Wendif-labels,
#     none of the conversion's) builds, loads and is judged right;
#   - a parameter module that does not build is counted as not loaded
#     in a summary whose figures add up, with no boot.
# KTAP; SKIPs without Debian's kernel (qemu/debian-kernel.sh says why).
# usage: test-check-debian.sh [BUILD_DIR]
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
conv=$here/../modparm-convert
build=${1:-$top/build}

. "$top/scripts/ktap.sh"
. "$top/qemu/debian-kernel-or-skip.sh"
debian_kernel_or_skip "$build" "modparm-convert against Debian's kernel"
image=$debian_image headers=$debian_headers
rel=${headers##*/linux-headers-}
kdir=/lib/modules/$rel/build
[ -d "$kdir" ] || kdir=$headers
echo "# $image, $kdir"
T=$(mktemp -d "${TMPDIR:-/tmp}/modparm-debian.XXXXXX")
trap 'rm -rf "$T"' EXIT
ktap_why=$T/why
cd "$top" || exit 1

# --check-build against the headers, and the -common directory
common=${headers%-*}-common
if [ -d "$common" ]; then
	"$conv" --check-build "$common" --out "$T/c" cocci/tests/load/legacy > "$T/why" 2>&1
	rc=$?
	[ $rc -eq 2 ] && grep -q "name the flavour's, .*linux-headers-$rel" "$T/why"
	result "--check-build $common: refused, naming linux-headers-$rel" $?
else
	skip "--check-build of the -common headers" "no $common"
fi
"$conv" --kernel "$image" --out "$T/k" cocci/tests/load/legacy > "$T/why" 2>&1
[ $? -eq 2 ] && grep -q -- "--kernel $image: only --check-load boots a kernel" "$T/why"
result "--kernel without --check-load: usage error" $?
"$conv" --check-load "$kdir" --kernel "$here/../README.md" --out "$T/k" \
	cocci/tests/load/legacy > "$T/why" 2>&1
[ $? -eq 2 ] && grep -q -- "not a bzImage" "$T/why" && [ ! -e "$T/k" ]
result "--kernel of a file that is no bzImage: usage error, nothing written" $?

# an image of another release than KDIR's headers: vermagic would
# refuse every module, so it is refused before any work
kout=$build/kbuild
if [ -f "$kout/include/generated/utsrelease.h" ] && [ -f "$kout/Module.symvers" ] &&
		! grep -q "\"$rel\"" "$kout/include/generated/utsrelease.h"; then
	"$conv" --check-load "$kout" --kernel "$image" --out "$T/m" \
		cocci/tests/load/legacy > "$T/why" 2>&1
	[ $? -eq 2 ] && grep -q -- "--kernel $image is Linux $rel, but $kout builds modules for " "$T/why" &&
		[ ! -e "$T/m" ]
	result "--kernel of another release than KDIR's: refused, naming both" $?
else
	skip "--kernel of another release than KDIR's" "no kernel build of another release in $kout"
fi

# compat blocks: nothing to convert, the branch 6.1 takes built all
# the same; a wrong module_param there fails at its site only
cb=cocci/tests/convert/check-build/compat
"$conv" --check-build "$kdir" --out "$T/compat" "$cb" > "$T/compat.out" 2> "$T/compat.err"
rc=$?
cat "$T/compat.out" "$T/compat.err" > "$T/why"
[ $rc -eq 1 ] &&
	grep -q "^modparm-convert: check-build: 5 sites in 2 files built against $kdir, 1 failed\$" "$T/compat.out" &&
	grep -q "^modparm-convert: check-build: 0 of the 0 converted MODULE_PARM() sites built, 0 failed; 5 of the 5 already right (compat blocks) built, 1 failed\$" "$T/compat.out"
result "compat blocks: their 5 already-right sites built against $kdir, counted apart" $?
grep -q "^$cb/compat_wrong.c:17:1: error: the module_param\* of 'mode' already there (in the other branch of this compat block) does not build against $kdir: returning 'long int \*' from a function with incompatible return type 'int \*'" "$T/compat.err" &&
	[ "$(grep -c 'modparm-check-build' "$T/compat.err")" = 1 ]
result "compat blocks: the wrong module_param of the 2.6 branch fails at its site, the others build" $?

# a parameter module that does not build: no boot, and the figures add up
mkdir -p "$T/nobuild"
cp cocci/tests/load/fixtures-bad/nobuild.c "$T/nobuild/"
"$conv" --check-load "$kdir" --kernel "$image" --perm 0444 --out "$T/nb" "$T/nobuild" \
	> "$T/nb.out" 2> "$T/nb.err"
rc=$?
cat "$T/nb.out" "$T/nb.err" > "$T/why"
[ $rc -eq 1 ] && grep -q "^modparm-convert: check-load: 1 site in 1 file, 0 loaded in QEMU and judged right, 1 failed (1 not loaded: its module did not build)$" "$T/nb.out" &&
	grep -q "^modparm-convert: check-load: .*, 0 boots, " "$T/nb.out" &&
	grep -q "nobuild.c:20:1: error: parameter 'board' (module_param_call): its parameter module does not build" "$T/nb.err"
result "a module that does not build: not loaded, no boot, the summary says so" $?

# the fixtures whose #if lines warn, built with Debian's headers and
# loaded on Debian's kernel
nice "$conv" --check-load "$kdir" --kernel "$image" --perm 0444 --out "$T/bsd" \
	cocci/tests/load/fixtures-bsd > "$T/bsd.out" 2> "$T/bsd.err"
rc=$?
cat "$T/bsd.out" "$T/bsd.err" > "$T/why"
[ $rc -eq 0 ]
result "fixtures-bsd: exit status 0 (got $rc)" $?
grep -q "^modparm-convert: check-build: 3 sites in 2 files built against $kdir, 0 failed$" "$T/bsd.out"
result "fixtures-bsd: 3 sites built against $kdir" $?
grep -q "^modparm-convert: check-load: 3 sites in 2 files, 3 loaded in QEMU and judged right, 0 failed$" "$T/bsd.out" &&
	grep -q "^modparm-convert: check-load: 3 defaults kept (0 not judged.*), 3 of 3 bad values refused with the kernel's reason, 1 boot, " "$T/bsd.out"
result "fixtures-bsd: loaded on Debian's kernel, defaults kept, bad values refused" $?
! grep -q 'check-load\|check-build' "$T/bsd.err"
result "fixtures-bsd: no check diagnostic for the file's own #if lines" $?
finish
