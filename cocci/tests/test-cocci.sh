#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Coccinelle-style tests for modparm.cocci, one small file per behaviour:
#   CASE.c     input
#   CASE.res   expected output (spatch -D patch)
#   CASE.diag  expected diagnostics, "file:line:col: warning: ... [modparm-KIND]"
#              (absent: none expected)
#   CASE.opts  extra spatch options, e.g. "-D perm=0444"
#   CASE.sp    another semantic patch of cocci/ to use (default modparm.cocci)
# Each case is two tests: the conversion (output and diagnostics), and
# idempotence (CASE.res converts to itself).  Then the converter's own tests
# (tests/test-convert.sh), and with KBUILD_OUT set the build of the results
# listed in build-cases (tests/test-check-build.sh), modparm-convert --check-build
# against it (tests/test-check-build-convert.sh) and the agreement with coccicheck
# (tests/test_coccicheck.py).  One KTAP document, each suite a subtest;
# scripts/ktap-summary ends it with "N passed, N failed[, N skipped]".
#
# usage: test-cocci.sh [-j N] [--update] [CASE...]
#   --update  rewrite .res/.diag from the current output (review the diff!)

set -u
here=$(cd "$(dirname "$0")" && pwd)
cocci=${MODPARM_COCCI:-$here/../modparm.cocci}
spatch=${SPATCH:-spatch}
# the python the converter gives spatch (modparm_convert/spatch.py):
# without --python spatch embeds the first python3 on PATH, another
# interpreter than the converter's under pyenv, and its shim costs
# spatch half a second in every run
pyopt=
[ -x /usr/bin/python3 ] && pyopt="--python /usr/bin/python3"
# modparm.cocci imports its decisions from modparm_rules/ beside it
PYTHONPATH=$(cd "$(dirname "$cocci")" && pwd)${PYTHONPATH:+:$PYTHONPATH}
export PYTHONPATH
# golden outputs and committed patches are the tool's, at a fixed date:
# neither the user's git identity nor the clock goes into them
MODPARM_AUTHOR="modparm-convert <modparm-convert@localhost>" SOURCE_DATE_EPOCH=0
export MODPARM_AUTHOR SOURCE_DATE_EPOCH
jobs=2
update=${update:-0}
while [ $# -gt 0 ]; do
	case $1 in
	-j) jobs=$2; shift 2 ;;
	--update) update=1; shift ;;
	--one) shift; break ;;
	*) break ;;
	esac
done

# one case: writes "PASS name" / "FAIL name: why" lines to $T/CASE.result
# (not scripts/ktap.sh's expect_pairs: it compares one file with all output,
# a case two, CASE.res with spatch's -o file and CASE.diag with its diagnostics)
one() {
	c=$1
	cd "$here" || exit 1
	opts=
	[ -f "$c.opts" ] && opts=$(cat "$c.opts")
	sp=$cocci
	[ -f "$c.sp" ] && sp=$(dirname "$cocci")/$(cat "$c.sp")
	out=$T/$c.out
	err=$T/$c.err
	# shellcheck disable=SC2086
	"$spatch" $pyopt --sp-file "$sp" -D patch $opts --very-quiet --no-includes \
		"$c.c" -o "$out" >/dev/null 2>"$err"
	rc=$?
	# spatch skips a file without MODULE_PARM and then refuses -o
	if [ $rc -ne 0 ] && grep -q 'no modified files' "$err"; then
		cp "$c.c" "$out"; rc=0
	fi
	grep '\[modparm-' "$err" > "$T/$c.gotdiag"
	if [ "$update" = 1 ]; then
		cp "$out" "$c.res"
		if [ -s "$T/$c.gotdiag" ]; then cp "$T/$c.gotdiag" "$c.diag"; else rm -f "$c.diag"; fi
	fi
	{
		if [ $rc -ne 0 ]; then
			echo "FAIL $c: spatch exited $rc"; sed 's/^/	/' "$err" | head -n 20
		elif ! [ -f "$c.res" ]; then
			echo "FAIL $c: no $c.res"
		elif ! cmp -s "$out" "$c.res"; then
			echo "FAIL $c: output differs from $c.res"
			diff -u "$c.res" "$out" | sed 's/^/	/' | head -n 40
		elif ! { if [ -f "$c.diag" ]; then cat "$c.diag"; fi; } | cmp -s - "$T/$c.gotdiag"; then
			echo "FAIL $c: diagnostics differ from $c.diag"
			{ if [ -f "$c.diag" ]; then cat "$c.diag"; fi; } |
				diff -u - "$T/$c.gotdiag" | sed 's/^/	/' | head -n 20
		else
			echo "PASS $c"
		fi
		if [ -f "$c.sp" ] && [ -f "$c.res" ]; then
			# shellcheck disable=SC2086 # pyopt: an option and its value
			"$spatch" $pyopt --sp-file "$sp" -D patch --very-quiet --no-includes \
				"$c.res" -o "$out.2" >/dev/null 2>&1 || cp "$c.res" "$out.2"
			if cmp -s "$out.2" "$c.res"; then
				echo "PASS $c (idempotent)"
			else
				echo "FAIL $c (idempotent): $c.res converts again"
			fi
		fi
	} > "$T/$c.result"
}

if [ -n "${T:-}" ] && [ $# -eq 1 ]; then
	one "$1"
	exit 0
fi

command -v "$spatch" >/dev/null 2>&1 || { echo "test-cocci.sh: $spatch not found" >&2; echo "0 passed, 1 failed"; exit 1; }
T=$(mktemp -d "${TMPDIR:-/tmp}/modparm-tests.XXXXXX")
trap 'rm -rf "$T"' EXIT
export T update spatch cocci

if [ $# -gt 0 ]; then
	printf '%s\n' "$@" | sed 's/\.c$//' > "$T/cases"
else
	(cd "$here" && ls *.c) | sed 's/\.c$//' | LC_ALL=C sort > "$T/cases"
fi
# the converter's tests run meanwhile
if [ $# -eq 0 ] && [ -x "$here/test-convert.sh" ]; then
	{ "$here/test-convert.sh" > "$T/convert.ktap" 2>&1; echo $? > "$T/convert.rc"; } &
	cpid=$!
fi
xargs -n 1 -P "$jobs" sh "$here/test-cocci.sh" --one < "$T/cases"

# idempotence: every CASE.res converts to nothing; one spatch over them all
mkdir -p "$T/idem"
(cd "$here" && cp -r include *.h "$T/idem/" 2>/dev/null)
while read -r c; do
	[ -f "$here/$c.res" ] && [ ! -f "$here/$c.sp" ] && cp "$here/$c.res" "$T/idem/$c.c"
done < "$T/cases"
# shellcheck disable=SC2086
"$spatch" $pyopt --sp-file "$cocci" -D patch --very-quiet --no-includes \
	--dir "$T/idem" > "$T/idem.diff" 2> "$T/idem.err"
idem_rc=$?

# spatch --dir must keep each semantic patch's grep query: a file with
# none of what it looks for (MODULE_PARM, module_param, the helpers'
# names) is skipped, not parsed (a rule whose dependency spatch cannot
# see, or that names no function, makes it parse every file of a tree,
# minutes on a kernel)
mkdir -p "$T/noparm"
printf 'int f(void)\n{\n\treturn 0;\n}\n' > "$T/noparm/noparm.c"
for sp in "$(dirname "$cocci")"/modparm*.cocci; do
	name=$(basename "$sp")
	# bench's detection-only rule has the context mode only
	mode=
	grep -q '^virtual patch' "$sp" && mode="-D patch"
	# shellcheck disable=SC2086
	"$spatch" $pyopt --sp-file "$sp" $mode --no-includes --dir "$T/noparm" \
		> /dev/null 2> "$T/noparm.err"
	if grep -q "^Skipping: .*noparm\.c" "$T/noparm.err"; then
		echo "PASS grep-query $name: spatch --dir skips a file without what it looks for"
	else
		echo "FAIL grep-query $name: spatch --dir parses a file without what it looks for"
		sed 's/^/	/' "$T/noparm.err" | head -n 5
	fi
done > "$T/noparm.result"

cat "$T/noparm.result" > "$T/cases.result"
while read -r c; do
	if [ -f "$T/$c.result" ]; then cat "$T/$c.result"; else echo "FAIL $c: not run"; fi
	if [ $idem_rc -ne 0 ]; then
		echo "FAIL $c (idempotent): spatch exited $idem_rc"
	elif grep -q "^+++ .*/idem/$c\.c" "$T/idem.diff"; then
		echo "FAIL $c (idempotent): $c.res converts again"
		awk -v f="/idem/$c.c" '/^--- /{p = index($0, f) > 0} p' "$T/idem.diff" |
			sed 's/^/	/' | head -n 20
	elif [ -f "$here/$c.res" ] && [ ! -f "$here/$c.sp" ]; then
		echo "PASS $c (idempotent)"
	fi
done < "$T/cases" >> "$T/cases.result"

# the cases' own PASS/FAIL lines (run in parallel, one file each) as KTAP
to_ktap() {
	awk 'BEGIN { print "KTAP version 1" }
	/^PASS / { print "ok " ++n " " substr($0, 6); next }
	/^FAIL / { print "not ok " ++n " " substr($0, 6); next }
	/^SKIP / { print "ok " ++n " " substr($0, 6) " # SKIP"; next }
	{ sub(/^\t/, ""); print "# " $0 }
	END { print "1.." n }'
}

to_ktap < "$T/cases.result" > "$T/cases.ktap"
set -- "cases:cat '$T/cases.ktap'"
if [ -n "${cpid:-}" ]; then
	wait "$cpid"
	set -- "$@" "convert:cat '$T/convert.ktap'; exit \$(cat '$T/convert.rc')"
	# the converter's unit tests
	set -- "$@" "unit:python3 '$here/test_convert.py'"
	# those of the module-parameter API and --check-load's host side
	set -- "$@" "api-unit:python3 '$here/test_convert_api.py'"
	# modparm.cocci's decisions, without spatch (modparm_rules/)
	set -- "$@" "rules-unit:python3 '$here/test_rules.py'"
	# the table of module_param types, and the SmPL generated from it
	set -- "$@" "typetable:python3 '$here/test_typetable.py'"
	# where make bench says the module_param lines went
	set -- "$@" "bench-placement:python3 '$here/test_bench_placement.py'"
	# the classes of old code maintainers converted by hand
	set -- "$@" "classes:'$here/test-classes.sh' '${KBUILD_OUT:-}'"
	# OUT: only what the converter wrote is replaced, the rest refused
	set -- "$@" "out:'$here/test-out.sh'"
	# the patches as a maintainer sends them: author, sign-off, date, wording
	set -- "$@" "patches:'$here/test-patches.sh'"
	# MODULE_PARM in wrapper macros and shims, through the converter
	set -- "$@" "macros:'$here/test-macros.sh'" \
		"macros-unit:python3 '$here/test_convert_macros.py'"
	# a name no import defines fails only on the path that uses it:
	# pyflakes reads every path
	set -- "$@" "pyflakes:'$here/test-pyflakes.sh'"
	# mypy checks what is annotated against its annotations
	set -- "$@" "mypy:'$here/test-mypy.sh'"
	# --check-build and --check-load against Debian's own kernel, its
	# headers and image (no kernel build needed; SKIPs without them)
	set -- "$@" "check-debian:'$here/test-check-debian.sh' '${BUILD:-$here/../../build}'"
fi
# the expected results compile against the prepared 6.1 tree, if built;
# modparm-convert --check-build proves conversions with it; coccicheck
# MODE=patch gives the converter's code, on our cases and on the old
# tree of ../shared/corpus when it is there
if [ -n "${cpid:-}" ] && [ -n "${KBUILD_OUT:-}" ]; then
	corpus=${CORPUS:-$here/../../../shared/corpus}/linux-2.2.26.tar.xz
	set -- "$@" "check-build:'$here/test-check-build.sh' '$KBUILD_OUT'" \
		"check-build-convert:'$here/test-check-build-convert.sh' '$KBUILD_OUT'" \
		"check-load:'$here/test-check-load.sh' '$KBUILD_OUT'" \
		"coccicheck:'$here/test_coccicheck.py' '$KBUILD_OUT/source' cases='$here' corpus='$corpus'"
fi
# one KTAP document, each suite a subtest, and its summary
"$here/../../scripts/ktap-nest" "$T/logs" "$@"
