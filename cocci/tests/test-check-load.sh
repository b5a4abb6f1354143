#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# modparm-convert --check-load against the built 6.1 kernel, in QEMU:
#   (a) the legacy modules (load/legacy) and the fixture tree
#       (load/fixtures: the API forms of 2.6 drivers, one file per
#       driver; intelfb_params.c and include/linux/i2c-proc.h copy
#       macros/intelfb_params.c and macros/sensors/ on purpose: a module
#       that loads needs a whole driver around the uses) convert, every converted parameter loads with a value,
#       keeps its default without one and refuses a bad value with the
#       kernel's reason;
#   (b) load/fixtures-bad: a parameter module that does not build is
#       named and not loaded, an insmod that does not return is given
#       up after the guest's limit, a guest that panics names the
#       module it was loading with the console tail, a refused value
#       names its site, and the module after them is still judged.
# KTAP; SKIPs without a built kernel with a bzImage, or without QEMU.
# usage: test-check-load.sh KBUILD_OUT
set -u
here=$(cd "$(dirname "$0")" && pwd)
conv=$here/../modparm-convert
kout=${1:?usage: test-check-load.sh KBUILD_OUT}

. "$here/../../scripts/ktap.sh"
if [ ! -f "$kout/Module.symvers" ] || [ ! -f "$kout/arch/x86/boot/bzImage" ]; then
	echo "1..0 # SKIP no built kernel with a bzImage in $kout"
	exit 0
fi
if ! command -v "${QEMU:-qemu-system-x86_64}" >/dev/null 2>&1; then
	echo "1..0 # SKIP qemu-system-x86_64 not found (Debian package qemu-system-x86)"
	exit 0
fi
kout=$(cd "$kout" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/modparm-cload.XXXXXX")
trap 'rm -rf "$T"' EXIT
ktap_why=$T/why
# "check-load: N sites in M files, P loaded in QEMU and judged right, K
# failed[ (...)]" -> "N M K", when P + K = N (the figures add up)
loaded() {
	sed -n 's/^modparm-convert: check-load: \([0-9]*\) sites\{0,1\} in \([0-9]*\) files\{0,1\}, \([0-9]*\) loaded in QEMU and judged right, \([0-9]*\) failed\( (.*)\)\{0,1\}$/\1 \2 \3 \4/p' "$1" |
		awk '$3 + $4 == $1 { print $1, $2, $4 }'
}
# "D defaults kept (U not judged...), R of B bad values refused" -> "D U R B"
judged() { sed -n 's/^modparm-convert: check-load: \([0-9]*\) defaults kept (\([0-9]*\) not judged.*, \([0-9]*\) of \([0-9]*\) bad values refused.*/\1 \2 \3 \4/p' "$1"; }

# one run: NAME SITES FILES, then the converter's options and tree
good_tree() {
	name=$1 sites=$2 files=$3
	shift 3
	(cd "$here/../.." && "$conv" --check-load "$kout" --out "$T/$name" "$@") \
		> "$T/$name.out" 2> "$T/$name.err"
	rc=$?
	cat "$T/$name.out" "$T/$name.err" > "$T/why"
	[ $rc -eq 0 ]; result "$name: modparm-convert --check-load exits 0" $?
	cat "$T/$name.out" > "$T/why"
	[ "$(loaded "$T/$name.out")" = "$sites $files 0" ]
	result "$name: $sites sites in $files files loaded in QEMU, none failed" $?
	# shellcheck disable=SC2046 # four numbers, split on purpose
	set -- $(judged "$T/$name.out")
	echo "# $name: ${1:-?} defaults kept, ${2:-?} not judged, ${3:-?} of ${4:-?} bad values refused"
	[ -n "${4:-}" ] && [ "$3" = "$4" ] && [ "$4" -gt 0 ]
	result "$name: every bad value refused with the kernel's reason" $?
	[ -n "${1:-}" ] && [ "$1" -gt 0 ] && [ $(($1 + $2)) -le "$sites" ]
	result "$name: defaults kept" $?
	grep 'check-load' "$T/$name.err" > "$T/why"
	[ ! -s "$T/why" ]; result "$name: no check-load diagnostic" $?
}

# (a) 22 parameters in modparm_legacy.c and 1 in modparm_legacy_cb.c,
# as load/load.sh lists them; the fixtures' parameters that 6.1
# compiles: ne_cards 8, compat_arrays 3, call_handlers 4, array_helpers 2,
# and through wrapper macros: pcnet_params 5 uses of INT_MODULE_PARM
# (pc_debug's is under #ifdef PCMCIA_DEBUG) and irq_list, intelfb_params
# 6 uses of INTELFB_INT_PARAM/INTELFB_STR_PARAM, lm75_sensors 4
# parameters of its SENSORS_INSMOD_1 and init, tuner_params 2 uses of a
# wrapper defined twice under #if (a short, and the long 6.1 takes)
good_tree legacy 23 2 --perm 0444 --keep-minimum cocci/tests/load/legacy
good_tree fixtures 36 8 --perm 0444 cocci/tests/load/fixtures
# check-build: the API sites of ne_cards, compat_arrays and call_handlers
# (11), array_helpers' 2 handlers and their 2 helper calls, the direct
# MODULE_PARMs (ne_cards' debug, irq_list, init), the 17 parameters
# of the uses that 6.1 compiles, and compat_arrays' speed, already right
# (its module_param_array in the branch 6.1 takes)
fx=cocci/tests/load/fixtures
cat "$T/fixtures.out" "$T/fixtures.err" > "$T/why"
grep -q '^modparm-convert: check-build: 36 sites in 9 files built against .*, 0 failed$' "$T/fixtures.out" &&
	grep -q '^modparm-convert: check-build: 1 site (uses of wrapper macros) in an #if branch a 6.1 build does not take: not built$' "$T/fixtures.out" &&
	grep -q '^modparm-convert: check-build: 20 of the 21 converted MODULE_PARM() sites built, 0 failed (1 not built: 1 in an #if branch a 6.1 build does not take); 1 of the 1 already right (compat blocks) built, 0 failed; 15 of the 17 API sites converted or already right built, 0 failed (2 not built: 2 own prototypes of the kernel.s helpers removed)$' "$T/fixtures.out" &&
	grep -q "^$fx/pcnet_params.c:24:1: note: parameter 'pc_debug' (INT_MODULE_PARM): not built: .*\[modparm-check-build\]$" "$T/fixtures.err"
result "fixtures: check-build counts each use of a wrapper macro, and names the use 6.1 does not compile" $?

# (b) the bad fixtures
# short time-outs: the guest gives up on the hanging module's insmod
# after 20 s and goes on; a boot would stop at 90 s
(cd "$here/../.." && MODPARM_BOOT_TIMEOUT=90 MODPARM_LOAD_TIMEOUT=20 "$conv" --check-load "$kout" --out "$T/bad" \
	--perm 0444 cocci/tests/load/fixtures-bad) > "$T/bad.out" 2> "$T/bad.err"
rc=$?
cat "$T/bad.out" "$T/bad.err" > "$T/why"
[ $rc -eq 1 ]; result "fixtures-bad: exit status 1 (got $rc)" $?
bad=cocci/tests/load/fixtures-bad
grep -q "^$bad/nobuild.c:20:1: error: parameter 'board' (module_param_call): its parameter module does not build: nobuild.c:12: implicit declaration of function .lookup_board." "$T/bad.err"
result "fixtures-bad: the module that does not build is named with gcc's reason" $?
grep -q "^$bad/hangs.c:17:1: error: parameter 'wait_for' (module_param_call): insmod with a value for every parameter did not return within 20 s: the guest gave up on it and loaded the other modules" "$T/bad.err"
result "fixtures-bad: the hang names the module's site, and the guest's limit" $?
grep -q "^$bad/panics.c:17:1: error: parameter 'crash' (module_param_call): the guest failed while loading it: .*Kernel panic.*modparm fixture: crash=1" "$T/bad.err"
result "fixtures-bad: the panic names the module's site and shows the console" $?
grep -q "^$bad/strict.c:19:1: error: parameter 'mode' (module_param_call): insmod with a value for every parameter failed" "$T/bad.err"
result "fixtures-bad: a refused value names its site" $?
! grep -q "^$bad/zfine.c:.*check-load" "$T/bad.err" &&
	[ "$(loaded "$T/bad.out")" = "6 5 4" ]
result "fixtures-bad: the module after the hang and the panic is judged in a second boot and passes" $?
grep -q 'check-load: .* 2 boots' "$T/bad.out"
result "fixtures-bad: the hang costs its insmod, not the boot: a boot stops at the panic, the next loads the rest" $?
finish
