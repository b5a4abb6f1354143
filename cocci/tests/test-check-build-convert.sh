#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# modparm-convert --check-build against the built 6.1 kernel: the legacy
# test modules convert and every converted site builds, and a driver
# whose conversion the kernel's type check rejects fails, naming the
# file and line of its MODULE_PARM.  KTAP; SKIPs without a built kernel.
# usage: test-check-build-convert.sh KBUILD_OUT
set -u
here=$(cd "$(dirname "$0")" && pwd)
conv=$here/../modparm-convert
legacy=$here/load/legacy
fixture=$here/convert/check-build/volatile_param.c
kout=${1:?usage: test-check-build-convert.sh KBUILD_OUT}

. "$here/../../scripts/ktap.sh"
if [ ! -f "$kout/.config" ] || [ ! -f "$kout/source/Makefile" ] || [ ! -f "$kout/Module.symvers" ]; then
	echo "1..0 # SKIP no built kernel in $kout"
	exit 0
fi
kout=$(cd "$kout" && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/modparm-cbuild.XXXXXX")
trap 'rm -rf "$T"' EXIT
ktap_why=$T/why
# "... N converted, ..." and "check-build: M sites in F files built
# against K, X failed" of a run's summary
converted() { sed -n 's/.* found in .*, \([0-9]*\) converted, .*/\1/p' "$1"; }
built() { sed -n 's/^modparm-convert: check-build: \([0-9]*\) sites\{0,1\} in \([0-9]*\) files\{0,1\} built against .*, \([0-9]*\) failed$/\1 \2 \3/p' "$1"; }
# "check-build: N of the M converted MODULE_PARM() sites built, F failed
# (...); A of the R API sites converted or already right built, G failed"
# as "N M F A R G" (A R G 0 without API sites)
parts() { sed -n 's/^modparm-convert: check-build: \([0-9]*\) of the \([0-9]*\) converted MODULE_PARM() sites built, \([0-9]*\) failed\( ([^)]*)\)\{0,1\}\(; \([0-9]*\) of the \([0-9]*\) API sites converted or already right built, \([0-9]*\) failed\)\{0,1\}.*/\1 \2 \3 \6 \7 \8/p' "$1" | sed 's/  *$//; s/^\([0-9]* [0-9]* [0-9]*\)$/\1 0 0 0/'; }

# (a) the legacy modules as the pipeline converts them (the setter of
# --keep-minimum too), and with the default forms
for opts in "--perm 0444 --keep-minimum" "--perm 0"; do
	name=legacy$(echo "$opts" | tr -dc 'a-z0-9')
	start=$(date +%s)
	# shellcheck disable=SC2086
	"$conv" $opts --check-build "$kout" --out "$T/$name" "$legacy" > "$T/$name.out" 2> "$T/$name.err"
	rc=$?
	secs=$(( $(date +%s) - start ))
	cat "$T/$name.out" "$T/$name.err" > "$T/why"
	set -- $(built "$T/$name.out")
	c=$(converted "$T/$name.out")
	[ $rc -eq 0 ] && [ $# -eq 3 ] && [ -n "$c" ] && [ "$c" -gt 0 ] && [ "$1" -eq "$c" ] &&
		[ "$2" -eq "$(wc -l < "$T/$name/series")" ] && [ "$3" -eq 0 ] &&
		[ "$(parts "$T/$name.out")" = "$1 $c 0 0 0 0" ] &&
		! grep -q 'modparm-check-build' "$T/$name.err" "$T/$name/report.txt"
	result "legacy modules ($opts): ${1:-?} sites in ${2:-?} files built, as many as converted (${c:-?}), 0 failed (${secs}s)" $?
done

# (b) a conversion the kernel rejects
cp "$fixture" "$T/"
f=${fixture##*/}
line=$(grep -n 'MODULE_PARM(count' "$fixture" | cut -d: -f1)
good=$(grep -n 'MODULE_PARM(speed' "$fixture" | cut -d: -f1)
(cd "$T" && "$conv" --check-build "$kout" --out "$T/neg" "$f" > neg.out 2> neg.err)
rc=$?
cat "$T/neg.out" "$T/neg.err" > "$T/why"
[ $rc -eq 1 ]; result "a site that does not build: exit status 1 (got $rc)" $?
grep -q "^$f:$line:1: error: .*volatile.* \[modparm-check-build\]$" "$T/neg.err" &&
	grep -q "^$f:$line:1: warning: .*\[modparm-volatile\]$" "$T/neg.err" &&
	! grep -q "^$f:$good:.*\[modparm-check-build\]" "$T/neg.err" &&
	grep -q "^$f:$line:1: error: .*\[modparm-check-build\]$" "$T/neg/report.txt"
result "the error names $f:$line (the MODULE_PARM of the volatile variable) and gcc's reason, on stderr and in report.txt; not the site that builds" $?
cp "$T/neg.out" "$T/why"
set -- $(built "$T/neg.out")
[ $# -eq 3 ] && [ "$1" -eq "$(converted "$T/neg.out")" ] &&
	[ "$3" -eq "$(grep -c 'modparm-check-build' "$T/neg.err")" ] && [ "$3" -lt "$1" ]
result "the counts add up: every converted site built, as many failed as errors reported" $?
[ -s "$T/neg/series" ] && grep -q '^+module_param(count, int, 0);' "$T"/neg/0001-*.patch
result "the patch is written all the same" $?

# (c) uses of wrapper macros are sites of check-build: the use and its
# converted #define built as the driver has them; a use the kernel
# rejects is named at its own line, the use of another macro builds
w=$here/convert/check-build/volatile_wrapper.c
cp "$w" "$T/"
(cd "$T" && "$conv" --check-build "$kout" --out "$T/wrap" volatile_wrapper.c > wrap.out 2> wrap.err)
rc=$?
cat "$T/wrap.out" "$T/wrap.err" > "$T/why"
bad1=$(grep -n '^VOLATILE_PARM(ready' "$w" | cut -d: -f1)
bad2=$(grep -n '^VOLATILE_PARM(busy' "$w" | cut -d: -f1)
fine=$(grep -n '^INT_PARM(speed' "$w" | cut -d: -f1)
[ $rc -eq 1 ] && [ "$(built "$T/wrap.out")" = "3 1 2" ] &&
	grep -q "^volatile_wrapper.c:$bad1:1: error: parameter 'ready' of this use of VOLATILE_PARM does not build against .*volatile.* \[modparm-check-build\]$" "$T/wrap.err" &&
	grep -q "^volatile_wrapper.c:$bad2:1: error: parameter 'busy' of this use of VOLATILE_PARM .*\[modparm-check-build\]$" "$T/wrap.err" &&
	! grep -q "^volatile_wrapper.c:$fine:.*\[modparm-check-build\]" "$T/wrap.err"
result "wrapper macros: 3 uses are 3 sites; the 2 uses of the volatile one fail at their lines ($bad1, $bad2), the other builds" $?

# (c2) const parameters: a wrapper that declares 'static const int n'
# and a charp 'static const char *', and a plain const scalar.
# module_param's type check rejects each const; the converter drops it
# from the #define (and modparm_const.cocci from the declaration), so all
# 4 sites build
cp "$here/macros/wrapper_const.c" "$T/"
(cd "$T" && "$conv" --check-build "$kout" --out "$T/const" wrapper_const.c > const.out 2> const.err)
rc=$?
cat "$T/const.out" "$T/const.err" > "$T/why"
[ $rc -eq 0 ] && [ "$(built "$T/const.out")" = "4 1 0" ] &&
	grep -q '^+#define X_PARAM(n, v) static int n = v; module_param(n, int, 0)$' "$T"/const/0001-*.patch &&
	grep -q '^+	static char \*name = def; \\$' "$T"/const/0001-*.patch &&
	grep -q '^+static int full_duplex = 0;$' "$T"/const/0001-*.patch &&
	[ "$(grep -c "const dropped from .* in the #define of X_\(STR_\)\{0,1\}PARAM at .*\[modparm-const\(-charp\)\{0,1\}\]$" "$T/const.err")" -eq 3 ]
result "const parameters: the const of 2 wrapper macros and of a declaration dropped, with a warning at each use; 4 sites built, 0 failed" $?

# (c3) --keep-minimum on __initdata arrays: the generated struct
# kparam_array (.data) points at .init.data, which modpost accepts from
# a __param* symbol only; the check declares the arrays __initdata too
# and fails a site on modpost's section mismatch
cp "$here/convert/check-build/initdata_minimum.c" "$T/"
(cd "$T" && "$conv" --keep-minimum --check-build "$kout" --out "$T/initd" initdata_minimum.c > initd.out 2> initd.err)
rc=$?
cat "$T/initd.out" "$T/initd.err" > "$T/why"
[ $rc -eq 0 ] && [ "$(built "$T/initd.out")" = "3 1 0" ] &&
	grep -q '^+static struct kparam_array __param_arr_gc = {$' "$T"/initd/0001-*.patch &&
	grep -q '^+static struct kparam_array __param_arr_gc_2 = {$' "$T"/initd/0001-*.patch &&
	! grep -q 'section mismatch' "$T/initd.err"
result "--keep-minimum on __initdata arrays: the setters' arrays named __param_arr_*, 3 sites built with no modpost section mismatch" $?

# (c4) a multi-dimensional __initdata array: its struct kparam_array is
# __param_arr_NAME, which modpost accepts; a copy of the converter that
# names it modparm_arr_NAME (the name before) must fail the site on
# modpost's section mismatch, so the check can tell the two apart
f2=initdata_multidim.c
cp "$here/convert/check-build/$f2" "$T/"
site=$(grep -n '^MODULE_PARM(drive_map' "$T/$f2" | cut -d: -f1)
mkdir "$T/oldname"
cp -R "$here/../modparm-convert" "$here/../modparm_convert" "$here/../modparm_rules" \
	"$here"/../*.cocci "$here/../modparm-macros.h" "$T/oldname/"
sed -i 's/"__param_arr_" + v)$/"modparm_arr_" + v)/' "$T/oldname/modparm.cocci"
sed -i 's/"static struct kparam_array __param_arr_"/"static struct kparam_array modparm_arr_"/' \
	"$T/oldname/modparm_convert/checkbuild.py"
(cd "$T" && "$T/oldname/modparm-convert" --check-build "$kout" --out "$T/mdold" $f2 > mdold.out 2> mdold.err)
rc_old=$?
(cd "$T" && "$conv" --check-build "$kout" --out "$T/md" $f2 > md.out 2> md.err)
rc=$?
cat "$T/mdold.out" "$T/mdold.err" "$T/md.out" "$T/md.err" > "$T/why"
[ $rc_old -eq 1 ] && [ "$(built "$T/mdold.out")" = "1 1 1" ] &&
	grep -q "^$f2:$site:1: error: .*section mismatch in reference: modparm_arr_drive_map .*\[modparm-check-build\]$" "$T/mdold.err" &&
	[ $rc -eq 0 ] && [ "$(built "$T/md.out")" = "1 1 0" ] &&
	grep -q '^+static struct kparam_array __param_arr_drive_map = {$' "$T"/md/0001-*.patch &&
	! grep -q 'section mismatch' "$T/md.err"
result "a multi-dimensional __initdata array: named modparm_arr_* it fails at its line ($site) on modpost's section mismatch; named __param_arr_* it builds" $?

# (c5) MODULE_PARM sites and API sites in one file: the sites built are
# more than the converted MODULE_PARMs; the summary splits them so that
# each figure adds up (a duplicate MODULE_PARM removed is converted but
# has nothing to build)
cp "$here/convert/check-build/parm_and_api.c" "$T/"
(cd "$T" && "$conv" --check-build "$kout" --out "$T/pa" parm_and_api.c > pa.out 2> pa.err)
rc=$?
cat "$T/pa.out" "$T/pa.err" > "$T/why"
set -- $(parts "$T/pa.out")
[ $rc -eq 0 ] && [ $# -eq 6 ] && [ "$(built "$T/pa.out")" = "2 1 0" ] &&
	[ "$2" -eq "$(converted "$T/pa.out")" ] && [ "$1" -eq 1 ] && [ "$2" -eq 2 ] && [ "$4" -eq 1 ] &&
	[ "$(($1 + $4))" -eq 2 ] && [ "$(($3 + $6))" -eq 0 ] && [ "$4" -eq "$5" ] &&
	grep -q '(1 not built: 1 removed as a duplicate of a module_param\* already there)' "$T/pa.out" &&
	grep -q ': 1 module-parameter API site in 1 file, 1 converted, 0 already right, 0 left$' "$T/pa.out"
result "MODULE_PARM and API sites in one file: 2 built = 1 of the 2 converted MODULE_PARMs (the other a duplicate removed) + 1 API site" $?

# (d) every wrapper-macro case of tests/macros, as one tree: each
# converted site is built, or named as in an #if branch 6.1 does not
# take; a use replaced by its own converted lines (use_types.c) is built
# as a direct site of its file
mkdir "$T/macros"
cp "$here"/macros/*.c "$T/macros/" && cp -r "$here/macros/sensors" "$T/macros/"
(cd "$T" && "$conv" --check-build "$kout" --out "$T/mac" macros > mac.out 2> mac.err)
rc=$?
cat "$T/mac.out" "$T/mac.err" > "$T/why"
c=$(converted "$T/mac.out")
set -- $(built "$T/mac.out")
skipped=$(sed -n 's/^modparm-convert: check-build: \([0-9]*\) sites\{0,1\} (uses of wrapper macros) in an #if branch .*/\1/p' "$T/mac.out")
expanded=$(grep -c 'replaced here by its converted expansion' "$T/mac.err")
[ $rc -eq 0 ] && [ $# -eq 3 ] && [ -n "$c" ] && [ "$3" -eq 0 ] && [ "$expanded" -gt 0 ] &&
	[ "$(($1 + ${skipped:-0}))" -eq "$c" ] &&
	[ "${skipped:-0}" -eq "$(grep -c 'not built: this use is in an #if branch' "$T/mac.err")" ] &&
	! grep -q 'not built: this use of' "$T/mac.err" "$T/mac.out"
result "wrapper-macro cases: ${1:-?} sites built (the $expanded uses replaced by their converted lines among them) and ${skipped:-0} named as in an #if branch, as many as converted (${c:-?}), 0 failed" $?

# (d2) a use replaced by its own converted lines that the kernel rejects
# fails at its own line; the other uses of the macro build
w=$here/convert/check-build/volatile_expanded.c
cp "$w" "$T/"
(cd "$T" && "$conv" --check-build "$kout" --out "$T/vexp" volatile_expanded.c > vexp.out 2> vexp.err)
rc=$?
cat "$T/vexp.out" "$T/vexp.err" > "$T/why"
bad=$(grep -n '^MIXED(ready' "$w" | cut -d: -f1)
[ $rc -eq 1 ] && [ "$(built "$T/vexp.out")" = "3 1 1" ] &&
	[ "$(grep -c 'replaced here by its converted expansion' "$T/vexp.err")" -eq 3 ] &&
	grep -q "^volatile_expanded.c:$bad:1: error: module_param() of 'ready' in the converted lines that replace this use of MIXED does not build against .*volatile.* \[modparm-check-build\]$" "$T/vexp.err" &&
	[ "$(grep -c '\[modparm-check-build\]' "$T/vexp.err")" -eq 1 ] &&
	grep -q '^+module_param(ready, int, 0);$' "$T"/vexp/0001-*.patch
result "a use replaced by its converted lines: 3 uses are 3 sites built; the volatile one fails at its line ($bad), the other two build" $?

# (e) a helper call outside a module_param_call handler is built in its
# function: one that builds, one beside a flag 6.1 no longer has
cp -r "$here/convert/check-build/helpers" "$T/"
(cd "$T" && "$conv" --check-build "$kout" --out "$T/help" helpers > help.out 2> help.err)
rc=$?
cat "$T/help.out" "$T/help.err" > "$T/why"
call=$(grep -n 'param_array_set' "$T/helpers/isbool.c" | cut -d: -f1)
[ $rc -eq 1 ] && [ "$(built "$T/help.out")" = "3 2 1" ] && [ "$(parts "$T/help.out")" = "0 0 0 3 3 1" ] &&
	grep -q "^helpers/isbool.c:$call:9: error: .*(helper) do not build against .*KPARAM_ISBOOL.* \[modparm-check-build\]$" "$T/help.err" &&
	! grep -q "^helpers/outside.c:.*\[modparm-check-build\]" "$T/help.err"
result "helper calls outside handlers: 3 calls in 2 files built; the one beside KPARAM_ISBOOL fails at its line ($call)" $?

# progress on a terminal, as the conversion shows it; none in the logs
if command -v script >/dev/null 2>&1; then
	(cd "$T" && script -qec "'$conv' --check-build '$kout' --out '$T/tty' '$f'" /dev/null) > "$T/tty.log" 2>&1
	tr '\r' '\n' < "$T/tty.log" > "$T/why"
	grep -q '^modparm-convert: check-build: [0-9]*/1 modules compiled' "$T/why" &&
		! grep -q 'modules compiled' "$T/neg.err" "$T/neg.out"
	result "progress of the build on a terminal, none when not a terminal" $?
else
	skip "progress on a terminal" "no script(1)"
fi
finish
