#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Tests of the modparm-convert command on the small tree in convert/tree:
# golden patches (convert/expected), reproducibility, idempotence,
# --in-place, --perm, --report, a single file, a tree with nothing to do,
# and the error cases.  KTAP (scripts/ktap.sh).
# usage: test-convert.sh [--update]

set -u
here=$(cd "$(dirname "$0")" && pwd)
conv=$here/../modparm-convert
tree=$here/convert/tree
# Its drivers/char/cm206.c is seed_cm206.c copied on purpose: the tree mode wants the seed driver at a driver's path.
expected=$here/convert/expected
T=$(mktemp -d "${TMPDIR:-/tmp}/modparm-ctests.XXXXXX")
trap 'rm -rf "$T"' EXIT
# golden outputs and committed patches are the tool's, at a fixed date:
# neither the user's git identity nor the clock goes into them
MODPARM_AUTHOR="modparm-convert <modparm-convert@localhost>" SOURCE_DATE_EPOCH=0
export MODPARM_AUTHOR SOURCE_DATE_EPOCH

. "$here/../../scripts/ktap.sh"
ktap_why=$T/why

# converted_like CASE [update]: CASE.c of this directory converted in
# place in $T/conv/CASE/ (its stderr in err there) against
# convert/CASE.conv, the difference in $T/why; with "update" and
# --update the result becomes CASE.conv (cases whose .conv is written
# by hand take no "update")
converted_like() {
	d=$T/conv/$1
	mkdir -p "$d" && cp "$here/$1.c" "$d/"
	"$conv" --in-place --out "$d/out" "$d/$1.c" >/dev/null 2> "$d/err"
	if [ "${2:-}" = update ] && [ "$opt" = --update ]; then
		cp "$d/$1.c" "$here/convert/$1.conv"
	fi
	diff -u "$here/convert/$1.conv" "$d/$1.c" > "$T/why" 2>&1
}
opt=${1:-}

# golden output, from the tree's parent so paths are stable
(cd "$here/convert" && "$conv" --name tree --out "$T/out1" tree >"$T/stdout1" 2>"$T/stderr1")
rc=$?
sed -i "s|$T/|@T@/|g" "$T/stdout1"
if [ "$opt" = --update ]; then
	rm -rf "$expected" && cp -r "$T/out1" "$expected" &&
		cp "$T/stdout1" "$expected/stdout" && cp "$T/stderr1" "$expected/stderr"
fi
[ $rc -eq 1 ]; result "exit status 1 when a file fails to parse (got $rc)" $?
diff -ru "$expected" "$T/out1" -x stdout -x stderr > "$T/why" 2>&1
result "patches, series and report.txt match convert/expected" $?
diff -u "$expected/stdout" "$T/stdout1" > "$T/why" 2>&1; result "summary on stdout" $?
diff -u "$expected/stderr" "$T/stderr1" > "$T/why" 2>&1; result "GCC-style diagnostics on stderr" $?
grep -q 'failed to parse, left untouched: drivers/char/broken.c' "$T/stdout1"
result "the unparsable file is listed" $?
! grep -q 'broken' "$T/out1/series"; result "no patch for the unparsable file" $?
grep -q 'no MODULE_PARM\|macro bodies' "$T/stdout1"; result "macro-body site reported apart" $?

# reproducible: same output again, with another --jobs
(cd "$here/convert" && "$conv" --jobs 1 --name tree --out "$T/out2" tree >/dev/null 2>&1)
diff -r "$T/out1" "$T/out2" > "$T/why" 2>&1; result "reproducible output (--jobs 1 vs default)" $?

# --in-place on a copy, then a second run converts nothing more
cp -r "$tree" "$T/tree"
"$conv" --in-place --out "$T/out3" "$T/tree" >/dev/null 2>&1
(cd "$T" && cp -r "$tree" pristine && cd pristine &&
	for p in "$T"/out1/0*.patch; do patch -s -p1 < "$p" || exit 1; done &&
	diff -r . "$T/tree" > "$T/why" 2>&1)
result "--in-place result equals the patches applied with patch -p1" $?
"$conv" --out "$T/out4" "$T/tree" > "$T/stdout4" 2>&1
grep -q ' 0 converted' "$T/stdout4" && [ ! -s "$T/out4/series" ]
result "idempotent: a converted tree converts to nothing" $?
grep -q '^MODULE_PARM(debug, "i");' "$tree/drivers/net/ne2.c"
result "sources untouched without --in-place" $?

# --perm, --report, single file
"$conv" --perm 0444 --report "$T/rep.txt" --out "$T/out5" "$tree/drivers/net/ne2.c" >/dev/null 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q '^+module_param(debug, int, 0444);' "$T"/out5/0001-*.patch &&
	grep -q '^ne2.c:16:1: warning: .*\[modparm-type-mismatch\]' "$T/rep.txt"
result "single file with --perm 0444 and --report" $?
grep -q '^diff --git a/ne2.c b/ne2.c' "$T"/out5/0001-*.patch; result "single file: paths relative to its directory" $?
(cd "$T" && "$conv" --out rel/out "$tree/drivers/net/ne2.c" >/dev/null 2>&1 &&
	[ -s rel/out/series ] && while read -r p; do [ -s "rel/out/$p" ] || exit 1; done < rel/out/series)
result "a relative --out holds every patch its series names" $?

# a comment above a MODULE_PARM moved below its declaration goes with the
# module_param line when nothing is left for it to describe; the #ifdef
# MODULE block left empty goes (order_comment.c: spatch alone keeps both)
converted_like order_comment update
result "comment of a moved MODULE_PARM kept, emptied #ifdef MODULE dropped" $?

# the comment above a MODULE_PARM of no variable goes with it when it
# described only the removed lines, and stays when it heads other code
converted_like diag_no_variable_comment update &&
	! grep -q 'Number of tracks\|sector size' "$T/conv/diag_no_variable_comment/diag_no_variable_comment.c" &&
	grep -q 'Debugging: the level' "$T/conv/diag_no_variable_comment/diag_no_variable_comment.c"
result "a removed MODULE_PARM's own comment removed with it, one heading other code kept" $?

# an '#ifdef MODULE_PARM' that holds only the converted lines goes, and
# its sites' warnings become notes; the other guards (an #else of
# '!defined(MODULE_PARM)', old kernels only) are left and named
converted_like diag_parm_guard update &&
	[ "$(grep -c 'note: .* that #if and its #endif removed \[modparm-parm-guard\]' "$T/conv/diag_parm_guard/err")" = 2 ] &&
	[ "$(grep -c 'warning: .*remove that #if so that the parameter exists \[modparm-parm-guard\]' "$T/conv/diag_parm_guard/err")" = 3 ]
result "#ifdef MODULE_PARM around converted lines removed, the other guards named" $?

# such a guard around an #if of its own that holds only parameter lines
# goes too; the inner #if stays
converted_like parm_guard_nested update &&
	[ "$(grep -c 'note: .* that #if and its #endif removed \[modparm-parm-guard\]' "$T/conv/parm_guard_nested/err")" = 2 ] &&
	! grep -q 'warning:' "$T/conv/parm_guard_nested/err"
result "#ifdef MODULE_PARM around an #if of parameter lines removed, the inner #if kept" $?

# a __setup parser compiled for the built-in driver only, given the
# module parameter: its '#ifndef MODULE' goes (spatch alone keeps it,
# range_on_scalar_setup.res); one whose block holds more keeps it
converted_like range_on_scalar_setup
result "'#ifndef MODULE' around a parser given the parameter removed, one holding more kept" $?

# MODULE_PARMs above their declarations, blocks apart by blank lines:
# the line added after a declaration does not eat the blank lines that
# kept the next block apart (spatch alone: order_below_blank.res)
converted_like order_below_blank
result "a module_param line added after a declaration keeps the blank line before the next block" $?

# a declaration's trailing comment over several lines: the module_param
# line goes after its end, the comment stays the declaration's (spatch
# alone: order_comment_lines.res)
converted_like order_comment_lines
result "a comment over several lines after a declaration stays with it, module_param after its end" $?

# the trailing comment of a MODULE_PARM first in its '#ifdef MODULE'
# block, moved below its declaration, goes with the module_param line,
# not onto the '#ifdef' line (spatch alone: order_comment_ifdef.res)
converted_like order_comment_ifdef
result "a moved MODULE_PARM's trailing comment not glued onto the #ifdef above it" $?

# a variable declared below the site in every branch of an #if with an
# #else gets one module_param line after the #endif (spatch alone adds one
# in each branch, CASE.res); where one line would not compile in every
# configuration (another type, a branch without the variable) each
# declaration keeps its own (convert/CASE.conv, written by hand)
for c in order_below_twice order_below_branches order_below_arrays order_below_alias \
		order_below_types order_below_no_else; do
	converted_like "$c"
	result "branches of an #if: $c.c gives convert/$c.conv" $?
done

# a call whose argument list starts on the next line is a site like any
# other: found, converted, and the counts agree
mkdir -p "$T/split"
printf '%s\n' '#include <linux/module.h>' 'static int a = 1;' 'static int b;' \
	'MODULE_PARM' '	(a, "i");' 'MODULE_PARM_DESC' '	(a, "first");' \
	'MODULE_PARM(b, "i");' > "$T/split/split.c"
"$conv" --out "$T/out-split" "$T/split" > "$T/stdout-split" 2>&1
rc=$?
cp "$T/stdout-split" "$T/why"
[ $rc -eq 0 ] && grep -q ': 2 MODULE_PARM() sites found in 1 file, 2 converted, 0 left$' "$T/stdout-split" &&
	grep -q '^+module_param(a, int, 0);' "$T"/out-split/0001-*.patch &&
	grep -q '^-	(a, "i");' "$T"/out-split/0001-*.patch
result "MODULE_PARM with its arguments on the next line: found and converted" $?

# several MODULE_PARMs on one line are as many sites: each counted,
# converted or left on its own, and the counts add up; no line spatch
# wrote ends in blanks (it leaves the space between two removed ones)
mkdir -p "$T/oneline"
printf '%s\n' '#include <linux/module.h>' 'static int io = 0x300, irq = 5;' 'static long long nosuch;' \
	'MODULE_PARM(io, "i"); MODULE_PARM(irq, "i");' \
	'MODULE_PARM(nosuch, "i"); MODULE_PARM(late, "i");' 'static int late;' > "$T/oneline/one.c"
"$conv" --out "$T/out-oneline" "$T/oneline" > "$T/stdout-oneline" 2> "$T/stderr-oneline"
rc=$?
cat "$T/stdout-oneline" "$T/stderr-oneline" > "$T/why"
[ $rc -eq 0 ] && grep -q ': 4 MODULE_PARM() sites found in 1 file, 3 converted, 1 left (1 unknown-type)$' "$T/stdout-oneline" &&
	grep -q '^+module_param(io, int, 0); module_param(irq, int, 0);$' "$T"/out-oneline/0001-*.patch &&
	grep -q '^+MODULE_PARM(nosuch, "i");$' "$T"/out-oneline/0001-*.patch &&
	grep -q '^+module_param(late, int, 0);$' "$T"/out-oneline/0001-*.patch &&
	grep -q 'one.c:5:1: warning: .*nosuch' "$T/stderr-oneline" &&
	! grep -q '^+.*[[:space:]]$' "$T"/out-oneline/0001-*.patch
result "several MODULE_PARMs on one line: each a site, the counts add up" $?

# spatch glues what is left of a MODULE_PARM line to the line above when
# the first MODULE_PARM on it moves below its declaration: split again
mkdir -p "$T/glued"
printf '%s\n' '#include <linux/module.h>' 'MODULE_PARM(same, "i"); static int same = 1;' \
	'static int b;' 'MODULE_PARM(a, "i"); MODULE_PARM(b, "i");' 'static int a;' > "$T/glued/g.c"
"$conv" --out "$T/out-glued" "$T/glued" > "$T/why" 2>&1
rc=$?
cat "$T"/out-glued/0001-*.patch >> "$T/why"
[ $rc -eq 0 ] && grep -q '^ #include <linux/module.h>$' "$T"/out-glued/0001-*.patch &&
	grep -q '^+static int same = 1;$' "$T"/out-glued/0001-*.patch &&
	grep -q '^ static int b;$' "$T"/out-glued/0001-*.patch &&
	grep -q '^+module_param(b, int, 0);$' "$T"/out-glued/0001-*.patch &&
	grep -q '^+module_param(a, int, 0);$' "$T"/out-glued/0001-*.patch
result "what is left of a MODULE_PARM line stays on its own line" $?

# many files with long names, --jobs 4: every candidate is read once and
# whole (parallel grep -l output once interleaved mid-name); names with a
# space or a newline are files like others
long=$(printf 'd%.0s' $(seq 1 120))
n=0
for i in $(seq 1 100); do
	d="$T/many/drivers/$long$i"
	mkdir -p "$d"
	for j in $(seq 1 100); do
		printf '#if 0\nMODULE_PARM(x, "i");\n#endif\n' > "$d/$long-file-$j.c"
		n=$((n + 1))
	done
done
mkdir -p "$T/many/with space" "$T/many/new
line"
printf '#include <linux/module.h>\nstatic int s;\nMODULE_PARM(s, "i");\n' > "$T/many/with space/a b.c"
printf '#include <linux/module.h>\nstatic int t;\nMODULE_PARM(t, "i");\n' > "$T/many/new
line/c
d.c"
"$conv" --jobs 4 --out "$T/out-many" "$T/many" > "$T/stdout-many" 2> "$T/stderr-many"
rc=$?
cp "$T/stdout-many" "$T/why"
[ $rc -eq 0 ] && grep -q ': 2 MODULE_PARM() sites found in 2 files, 2 converted, 0 left$' "$T/stdout-many" &&
	grep -q "^modparm-convert: $n more in macro bodies or #if 0" "$T/stdout-many" &&
	[ "$(grep -c 'dead-code' "$T/stderr-many")" -eq "$n" ] &&
	[ "$(wc -l < "$T/out-many/series")" -eq 2 ]
result "$n files with long names and names with a space or newline, --jobs 4" $?

# progress on a terminal only: files done / total and sites so far on
# stderr under a pseudo-terminal; none in the logs (golden stderr above)
if command -v script >/dev/null 2>&1; then
	(cd "$here/convert" && script -qec "'$conv' --out '$T/out-tty' tree" /dev/null) > "$T/tty" 2>&1
	tr '\r' '\n' < "$T/tty" > "$T/why"
	grep -q '^modparm-convert: [0-9]*/5 files, [0-9]* sites so far' "$T/why" &&
		! grep -q 'sites so far' "$T/stderr1" "$T/stdout1"
	result "progress on a terminal, none when not a terminal" $?
else
	echo "SKIP convert: progress on a terminal (no script(1))"
fi

# bad input: each named, exit 1, the rest converted.  An unreadable file
# needs a user the file is closed to: as root the converter runs as
# nobody, when nobody can reach it.
B=$T/bad
mkdir -p "$B/src" "$B/out"
printf '#include <linux/module.h>\r\nstatic int a = 1;\r\nMODULE_PARM(a, "i");\r\n' > "$B/src/crlf.c"
printf '/* caf\351 */\n#include <linux/module.h>\nstatic int b;\nMODULE_PARM(b, "i");\n' > "$B/src/latin1.c"
ln -s nowhere.c "$B/src/gone.c"
printf 'MODULE_PARM(u, "i");\n' > "$B/src/unread.c"
chmod 755 "$T" && chmod -R a+rwX "$B" && chmod 000 "$B/src/unread.c"
as= closed= unread=" unread.c"
if [ "$(id -u)" -eq 0 ]; then
	closed=$(closed_to_nobody "$conv" "$B/out")
	[ -z "$closed" ] && as="setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME=$B"
fi
[ -n "$closed" ] && rm -f "$B/src/unread.c" && unread=
$as "$conv" --out "$B/out/p" "$B/src" > "$B/stdout" 2> "$B/stderr"
rc=$?
cat "$B/stdout" "$B/stderr" > "$T/why"
[ $rc -eq 1 ] && grep -q "^$B/src/gone.c: error: dangling symbolic link" "$B/stderr" &&
	grep -q "could not be read, skipped: gone.c$unread\$" "$B/stdout" &&
	grep -q ': 2 MODULE_PARM() sites found in 2 files, 2 converted, 0 left$' "$B/stdout"
result "dangling link named, exit 1, the rest converted" $?
if [ -n "$closed" ]; then
	skip "unreadable file named" "nobody cannot enter $closed"
else
	grep -q "^$B/src/unread.c: error: cannot read: Permission denied" "$B/stderr" &&
		grep -q '2 files could not be read' "$B/stdout"
	result "unreadable file named" $?
fi
grep -q "^$B/src/crlf.c: note: CRLF line ends" "$B/stderr" &&
	grep -q "$(printf '^+module_param(a, int, 0);\r$')" "$B"/out/p/0001-crlf-*.patch &&
	(mkdir "$B/apply" && cp "$B/src/crlf.c" "$B/apply/" && cd "$B/apply" &&
	 cat "$B"/out/p/0001-crlf-*.patch | patch -s -p1 && ! grep -qv "$(printf '\r$')" crlf.c)
result "CRLF file named, converted, every line still CRLF" $?
grep -q "^$B/src/latin1.c: note: not UTF-8" "$B/stderr" &&
	grep -q "$(printf '^ /\\* caf\351 \\*/$')" "$B"/out/p/0002-latin1-*.patch
result "non-UTF-8 file named, converted, its bytes kept" $?

# interrupted (SIGINT, also while spatch runs): exit 130, says so,
# no OUT, sources unchanged, nothing left behind.  A background job
# starts with SIGINT ignored; the wrapper gives it back its default.
I=$T/int
mkdir -p "$I/src"
for i in $(seq 1 100); do
	cp "$tree/drivers/char/cm206.c" "$I/src/cm$i.c"
	cp "$tree/drivers/net/ne2.c" "$I/src/ne$i.c"
done
cp -r "$I/src" "$I/orig"
python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])' \
	"$conv" --in-place --out "$I/out" "$I/src" > "$I/stdout" 2> "$I/stderr" &
pid=$!
# the signal goes in while spatch runs: wait (at most 30 s) for a spatch
# among the converter's descendants, not for a time that a fast machine
# outruns
under() { for c in $(pgrep -P "$1"); do echo "$c"; under "$c"; done; }
for _ in $(seq 1 300); do
	for c in $(under $pid); do
		case $(cat "/proc/$c/comm" 2>/dev/null) in spatch*) break 2 ;; esac
	done
	sleep 0.1
done
kill -INT $pid
wait $pid
rc=$?
cat "$I/stderr" > "$T/why"
[ $rc -eq 130 ] && grep -q 'interrupted: nothing written' "$I/stderr" && [ ! -e "$I/out" ] &&
	diff -r "$I/orig" "$I/src" >> "$T/why" && ! ls -a "$I" | grep -q '^\.modparm'
result "SIGINT: exit 130, no OUT, sources unchanged, nothing left behind" $?

# nothing to do (like the 6.1 tree): says so, exit 0, writes no OUT
mkdir -p "$T/clean/drivers"
cp "$tree/drivers/net/atl2like.c" "$tree/drivers/net/modern.c" "$T/clean/drivers/"
"$conv" --out "$T/out6" "$T/clean" > "$T/stdout6" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q 'no MODULE_PARM() to convert' "$T/stdout6" && [ ! -e "$T/out6" ]
result "a tree with nothing to convert says so and writes nothing" $?

# errors: name the culprit, exit 2, nothing written
"$conv" --out "$T/e1" "$T/missing" > "$T/e.out" 2>&1
[ $? -eq 2 ] && grep -q "$T/missing" "$T/e.out" && [ ! -e "$T/e1" ]
result "missing SRC: error names it, exit 2" $?
SPATCH=/nonexistent/spatch "$conv" --out "$T/e2" "$tree" > "$T/e.out" 2>&1
[ $? -eq 2 ] && grep -q '/nonexistent/spatch' "$T/e.out" && [ ! -e "$T/e2" ]
result "spatch missing: error names it, exit 2" $?
: > "$T/afile"
"$conv" --out "$T/afile/sub/out" "$tree" > "$T/e.out" 2>&1
[ $? -eq 2 ] && grep -q "$T/afile" "$T/e.out"
result "unwritable OUT: error names it, exit 2" $?
mkdir -p "$T/notkernel"
"$conv" --check-build "$T/notkernel" --out "$T/e3" "$tree" > "$T/e.out" 2>&1
[ $? -eq 2 ] && grep -q "check-build $T/notkernel: not a built kernel" "$T/e.out" && [ ! -e "$T/e3" ]
result "--check-build on a directory that is no built kernel: exit 2, nothing written" $?
"$conv" --perm 999 "$tree" > "$T/e.out" 2>&1
[ $? -eq 2 ] && grep -q 'perm' "$T/e.out"; result "bad --perm rejected" $?
for p in 0666 0044 0464 0460; do
	"$conv" --perm $p --out "$T/out.perm" "$tree" > "$T/e.out" 2>&1
	[ $? -eq 2 ] && grep -q "perm $p: .*VERIFY_OCTAL_PERMISSIONS" "$T/e.out" &&
		[ ! -e "$T/out.perm" ]
	result "--perm $p refused up front as the kernel would, nothing written" $?
done
! ls -a "$T" | grep -q '\.modparm-out\.'; result "no staging directory left behind" $?

finish
