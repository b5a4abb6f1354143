#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# modparm-convert on the classes of old code that maintainers converted
# by hand: a STREAMS package whose parameters' types are typedefs of its
# own headers (convert/streams: -I, the include/ directories under SRC,
# a typedef each platform defines its own way), a MODULE_PARM naming no
# variable, and a declaration spatch cannot parse (convert/classes), ALSA's
# MODULE_PARM_SYNTAX (convert/classes-alsa), a compat block for old
# kernels (diag_compat.c); with
# a built kernel also an array of strings, slram's map and mcd's list
# passed to its __setup parser
# (convert/classes-build).
# Its files copy string_array_charp.c, range_on_scalar_module_array.c and
# (mcd.c) range_on_scalar_setup_call.c on purpose: --check-build takes a
# directory of cases that build.
# KTAP (scripts/ktap.sh).  With a built kernel (KBUILD_OUT, argument 1)
# the STREAMS conversions are also built with --check-build.
# usage: test-classes.sh [KBUILD_OUT]

set -u
here=$(cd "$(dirname "$0")" && pwd)
conv=$here/../modparm-convert
pkg=$here/convert/streams
T=$(mktemp -d "${TMPDIR:-/tmp}/modparm-classes.XXXXXX")
trap 'rm -rf "$T"' EXIT

. "$here/../../scripts/ktap.sh"
ktap_why=$T/why

# no -I: the include/ directories under SRC, the one above the file first
"$conv" --out "$T/auto" "$pkg" > "$T/auto.out" 2> "$T/auto.err"
rc=$?
cat "$T/auto.out" "$T/auto.err" > "$T/why"
[ $rc -eq 0 ] && grep -q ': 5 MODULE_PARM() sites found in 2 files, 4 converted, 1 left (1 typedef-conflict)$' "$T/auto.out"
result "no -I: 4 of 5 converted, the counts add up" $?
grep -q '^+module_param(major, uint, 0);$' "$T"/auto/*strlog*.patch &&
	grep -q '^+module_param(modid, ushort, 0);$' "$T"/auto/*strlog*.patch &&
	grep -q '^+module_param(nminor, uint, 0);$' "$T"/auto/*strlog*.patch
result "major_t (__kernel_dev_t) is uint, modID_t (ushort, nested include) is ushort" $?
grep -q "strlog.c:8:1: note: 'major_t' is 'typedef __kernel_dev_t major_t;' of include/sys/dki.h, found through the include/ directories under SRC; not 'int' of arch/hpux/include/sys/dki.h, 'unsigned long' of arch/solaris/include/sys/dki.h" "$T/auto.err"
result "a note names the header of the typedef and the platforms' others" $?
grep -q "sc.c:9:1: warning: 'pl_t' is defined differently by headers under SRC: 'typedef int pl_t;' in arch/hpux/include/sys/ddi.h, 'typedef unsigned long pl_t;' in arch/solaris/include/sys/ddi.h; .*pass -I DIR.* \[modparm-typedef-conflict\]" "$T/auto.err" &&
	grep -q '^ MODULE_PARM(sc_pl, "i");$' "$T"/auto/*sc-*.patch
result "a typedef only the platforms define, differently: conflict named, left" $?

# -I in the package Makefile's order (both spellings): the compiler's choice
"$conv" --out "$T/hpux" -I "$pkg/include" "-I$pkg/arch/hpux/include" "$pkg" > "$T/hpux.out" 2> "$T/hpux.err"
rc=$?
cat "$T/hpux.out" "$T/hpux.err" > "$T/why"
[ $rc -eq 0 ] && grep -q ': 5 MODULE_PARM() sites found in 2 files, 5 converted, 0 left$' "$T/hpux.out" &&
	grep -q '^+module_param(sc_pl, int, 0);$' "$T"/hpux/*sc-*.patch &&
	grep -q '^+module_param(major, uint, 0);$' "$T"/hpux/*strlog*.patch
result "-I DIR -IDIR: every site converted, pl_t of the hpux header is int" $?
# sys/dki.h is on both -I directories, with different typedefs: the
# first on the path is the one cpp reads, and the other is named
grep -q "strlog.c:8:1: note: 'major_t' is 'typedef __kernel_dev_t major_t;' of include/sys/dki.h, found through -I; not 'int' of arch/hpux/include/sys/dki.h (later on the -I path) \[modparm-typedef-header\]$" "$T/hpux.err" &&
	! grep -q 'typedef-conflict' "$T/hpux.err"
result "a header found twice on the -I path: the first one's typedef taken, the later one named" $?
"$conv" --out "$T/sol" -I "$pkg/arch/solaris/include" -I "$pkg/include" "$pkg" > "$T/why" 2>&1 &&
	grep -q '^+module_param(sc_pl, ulong, 0);$' "$T"/sol/*sc-*.patch &&
	grep -q '^+module_param(major, ulong, 0);$' "$T"/sol/*strlog*.patch
result "-I order decides: the solaris headers first make major_t and pl_t ulong" $?
"$conv" --out "$T/e1" -I "$T/nosuch" "$pkg" > "$T/e1.out" 2>&1
rc=$?
cat "$T/e1.out" > "$T/why"
[ $rc -eq 2 ] && grep -q "error: -I $T/nosuch: no such directory" "$T/e1.out" && [ ! -e "$T/e1" ]
result "-I of a missing directory: error naming it, exit 2, nothing written" $?
(cd "$here/.." && make -s convert SRC="$pkg" OUT="$T/mk" INCLUDES="$pkg/include $pkg/arch/hpux/include") > "$T/why" 2>&1 &&
	grep -q '^+module_param(sc_pl, int, 0);$' "$T"/mk/*sc-*.patch
result "make convert INCLUDES=... passes them as -I" $?

# a MODULE_PARM naming no variable is removed; a declaration without its
# ';' is named with its line, the file left untouched, and so is a
# MODULE_PARM without its ';' (with the #define of its wrapper macro)
"$conv" --out "$T/cls" "$here/convert/classes" > "$T/cls.out" 2> "$T/cls.err"
rc=$?
cat "$T/cls.out" "$T/cls.err" > "$T/why"
[ $rc -eq 1 ] && grep -q ': 7 MODULE_PARM() sites found in 4 files, 2 converted, 1 removed (no such variable), 4 left (1 in-macro, 2 parse, 1 string-array)$' "$T/cls.out"
result "classes: exit 1 for the unparsable file, the counts add up" $?
grep -q '^-MODULE_PARM(irq, "i");$' "$T"/cls/*novar*.patch &&
	! grep -q '^+.*irq' "$T"/cls/*novar*.patch &&
	grep -q '^-MODULE_PARM_DESC(irq, ' "$T"/cls/*novar*.patch &&
	grep -q "novar.c:8:1: warning: MODULE_PARM names 'irq', which is neither declared nor used .*MODULE_PARM (and any MODULE_PARM_DESC of it) removed \[modparm-no-variable\]" "$T/cls.err" &&
	cat "$T"/cls/*novar*.patch | tr '\n' ' ' | grep -q 'Remove 1 that names no variable of this file'
result "MODULE_PARM of no variable: removed with its MODULE_PARM_DESC, warned, counted apart, said in the commit message" $?
# ... but not when another file of the module may define it, or a header
# the file includes is not there to say
"$conv" --out "$T/multi" "$here/convert/classes-multi" > "$T/multi.out" 2> "$T/multi.err"
cat "$T/multi.out" "$T/multi.err" > "$T/why"
grep -q ': 3 MODULE_PARM() sites found in 2 files, 0 converted, 1 removed (no such variable), 2 left (2 no-declaration)$' "$T/multi.out" &&
	grep -q "fdc_params.c:9:1: warning: no file-scope declaration of 'fdc_base' .*left unchanged \[modparm-no-declaration\]" "$T/multi.err" &&
	grep -q "vendor.c:6:1: warning: no file-scope declaration of 'hal_mode' .*left unchanged \[modparm-no-declaration\]" "$T/multi.err" &&
	grep -q '^-MODULE_PARM(fdc_gone, "i");$' "$T"/multi/*fdc_params*.patch &&
	! grep -q '^[-+].*fdc_base' "$T"/multi/*fdc_params*.patch
result "no variable here, but defined in another file of the module or maybe in a missing header: left; a struct member of the name beside it does not keep it" $?
grep -q "ramdisk_size.c:7:1: error: the declaration of 'asize' ends without ';' .*\[modparm-parse\]" "$T/cls.err" &&
	grep -q 'ramdisk_size.c:11:1: warning: spatch could not parse line 7 (see there): file left untouched \[modparm-parse\]' "$T/cls.err" &&
	! grep -q 'modparm-internal' "$T/cls.err" &&
	grep -q 'failed to parse, left untouched: ramdisk_size.c (line 7)\( \|$\)' "$T/cls.out" &&
	! grep -q ramdisk "$T/cls/series"
result "a declaration without ';': its line and cause named, no internal error, no patch" $?
grep -q "unended_call.c:11:1: error: this MODULE_PARM() ends without ';' (line 12, .*\[modparm-parse\]" "$T/cls.err" &&
	grep -q "unended_call.c:9:1: warning: INT_MODULE_PARM not converted: .*spatch could not parse unended_call.c, which is left untouched \[modparm-in-macro\]" "$T/cls.err" &&
	grep -q 'failed to parse, left untouched: .*unended_call.c (line 11)' "$T/cls.out" &&
	! grep -q unended "$T/cls/series"
result "a MODULE_PARM without ';': its line and cause named, the file and its wrapper's #define left whole" $?

grep -q "wavelan.p.h:11:1: warning: .*strings of IFNAMSIZ chars, .*(wavelan.c:13: an element's storage handed on by an assignment): left unchanged \[modparm-string-array\]" "$T/cls.err" &&
	grep -q '^+module_param_array(io, int, NULL, 0);$' "$T"/cls/*wavelan*.patch &&
	grep -q '^ static char name\[4\]\[IFNAMSIZ\]' "$T"/cls/*wavelan*.patch
result "an array of strings in a header, handed on in the file that includes it: left" $?

# ALSA 0.9's MODULE_PARM_SYNTAX: removed beside the converted
# MODULE_PARM, in the same patch; left, named, beside one that is left
"$conv" --out "$T/alsa" "$here/convert/classes-alsa" > "$T/alsa.out" 2> "$T/alsa.err"
rc=$?
cat "$T/alsa.out" "$T/alsa.err" > "$T/why"
[ $rc -eq 0 ] && grep -q ': 3 MODULE_PARM() sites found in 1 file, 2 converted, 1 left (1 unknown-type)$' "$T/alsa.out" &&
	grep -q ': 3 module-parameter API sites in 1 file, 2 converted, 0 already right, 1 left (1 syntax)$' "$T/alsa.out" &&
	[ "$(grep -c '^-MODULE_PARM_SYNTAX(' "$T"/alsa/*trident*.patch)" = 2 ] &&
	grep -q '^ MODULE_PARM_SYNTAX(card_state, ' "$T"/alsa/*trident*.patch &&
	grep -q "trident.c:14:1: note: MODULE_PARM_SYNTAX of 'index_' removed: .*module_param\* at line 12 \[modparm-syntax\]" "$T/alsa.err" &&
	grep -q "trident.c:19:1: warning: MODULE_PARM_SYNTAX of 'card_state', which has no module_param\* here: left .*\[modparm-syntax\]" "$T/alsa.err"
result "MODULE_PARM_SYNTAX: removed beside a converted MODULE_PARM, counted, left beside one left" $?

# a compat block whose other branch has the module_param* already: the
# parameter exists on 6.1, so the site is right, not left; the old
# kernels' branch stays for the kernels it serves
"$conv" --out "$T/compat" "$here/diag_compat.c" > "$T/compat.out" 2> "$T/compat.err"
rc=$?
cat "$T/compat.out" "$T/compat.err" > "$T/why"
[ $rc -eq 0 ] && grep -q ': 5 MODULE_PARM() sites found in 1 file, 2 converted, 3 already right (the old-kernel branch of a compat block, kept), 0 left$' "$T/compat.out" &&
	[ "$(grep -c '\[modparm-compat\]$' "$T/compat.err")" = 3 ] &&
	! grep -q '^[-+].*\(debug\|ifname\|speed\)' "$T"/compat/*diag_compat*.patch
result "compat blocks: counted already right, apart from left, each named; the counts add up" $?

# the STREAMS conversions build against the 6.1 kernel
kout=${1:-}
if [ -n "$kout" ] && [ -f "$kout/.config" ] && [ -f "$kout/Module.symvers" ]; then
	"$conv" --out "$T/cb" --jobs 2 --check-build "$kout" -I "$pkg/include" -I "$pkg/arch/hpux/include" \
		"$pkg" > "$T/cb.out" 2>&1
	rc=$?
	cat "$T/cb.out" > "$T/why"
	[ $rc -eq 0 ] && grep -q 'check-build: 5 sites in 2 files built against .*, 0 failed$' "$T/cb.out"
	result "--check-build: the 5 STREAMS parameters build (major_t as __kernel_dev_t)" $?
	"$conv" --out "$T/cb2" --jobs 2 --check-build "$kout" "$here/convert/classes-build" > "$T/cb2.out" 2>&1
	rc=$?
	cat "$T/cb2.out" > "$T/why"
	[ $rc -eq 0 ] && grep -q 'check-build: 4 sites in 3 files built against .*, 0 failed$' "$T/cb2.out" &&
		grep -q '^+static char \*id\[HISAX_MAX_CARDS\] = {$' "$T"/cb2/*hisax_ids*.patch &&
		grep -q '^+module_param_array(map, charp, NULL, 0);$' "$T"/cb2/*slram*.patch &&
		grep -q '^+module_param_call(mcd, modparm_set_mcd, NULL, NULL, 0);$' "$T"/cb2/*mcd*.patch &&
		grep -q '^+	mcd_setup((char \*)val);$' "$T"/cb2/*mcd*.patch
	result "--check-build: an array of strings as char pointers, slram's map and mcd's list passed to its __setup parser build" $?
else
	skip "--check-build of the STREAMS conversions" "no built kernel in ${kout:-KBUILD_OUT}"
	skip "--check-build of the arrays of strings" "no built kernel in ${kout:-KBUILD_OUT}"
fi
finish
