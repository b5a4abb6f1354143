#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# modparm-convert on MODULE_PARM hidden in #define bodies (wrapper macros,
# reverse shims), one case per shape, in the Coccinelle test layout but
# through the converter (spatch alone cannot parse those bodies):
#   macros/CASE.c or macros/CASE/  input (a file, or a driver tree)
#   macros/CASE.res[/]             the input after --in-place
#   macros/CASE.diag               the diagnostics on stderr
#   macros/CASE.sum                the summary's first lines on stdout
# and, per case, the counts add up (found = converted + left) and a second
# run changes nothing.  KTAP (scripts/ktap.sh).
# usage: test-macros.sh [--update] [CASE...]

set -u
here=$(cd "$(dirname "$0")" && pwd)
conv=$here/../modparm-convert
T=$(mktemp -d "${TMPDIR:-/tmp}/modparm-macros.XXXXXX")
trap 'rm -rf "$T"' EXIT
. "$here/../../scripts/ktap.sh"
update=0
[ "${1:-}" = --update ] && { update=1; shift; }
if [ $# -eq 0 ]; then
	set -- $(cd "$here/macros" && ls | sed -n -e 's/\.c$//p' -e '/\./!p' | LC_ALL=C sort)
fi
for c in "$@"; do
	src=$c.c res=$c.res
	[ -d "$here/macros/$c" ] && src=$c
	rm -rf "${T:?}/$src" "$T/out"
	cp -r "$here/macros/$src" "$T/$src"
	(cd "$T" && "$conv" --in-place --name "$c" --out out "$src" > stdout 2> stderr)
	rc=$?
	grep '\[modparm-' "$T/stderr" > "$T/diag"
	grep -v '^modparm-convert: patches in\|^modparm-convert: nothing to change\|^modparm-convert: sources changed' "$T/stdout" > "$T/sum"
	if [ "$update" = 1 ]; then
		rm -rf "${here:?}/macros/$res" && cp -r "$T/$src" "$here/macros/$res"
		cp "$T/diag" "$here/macros/$c.diag"
		cp "$T/sum" "$here/macros/$c.sum"
	fi
	[ $rc -eq 0 ] || { not_ok "$c: exit status $rc" "$(cat "$T/stderr")"; continue; }
	if diff -ru "$here/macros/$res" "$T/$src" > "$T/why" 2>&1; then ok "$c: converted as $res"
	else not_ok "$c: converted as $res" "$(head -n 40 "$T/why")"; fi
	if diff -u "$here/macros/$c.diag" "$T/diag" > "$T/why" 2>&1; then ok "$c: diagnostics"
	else not_ok "$c: diagnostics" "$(head -n 30 "$T/why")"; fi
	if diff -u "$here/macros/$c.sum" "$T/sum" > "$T/why" 2>&1; then ok "$c: summary"
	else not_ok "$c: summary" "$(cat "$T/why")"; fi
	# found = converted + removed + left, each reason counted
	awk '/sites? found in/ {
		for (i = 1; i <= NF; i++) {
			if ($(i + 1) ~ /^MODULE_PARM/) f = $i
			if ($(i + 1) ~ /^converted/) c = $i
			if ($(i + 1) ~ /^removed/) r = $i
			if ($(i + 1) ~ /^left/) l = $i
		}
		s = 0
		if (match($0, /left \(.*\)$/)) {
			n = split(substr($0, RSTART + 6, RLENGTH - 7), a, ", ")
			for (i = 1; i <= n; i++) s += a[i] + 0
		}
		exit !(f == c + r + l && (l == 0 || s == l))
	}' "$T/sum"
	[ $? -eq 0 ] && ok "$c: the counts add up" || not_ok "$c: the counts add up" "$(head -n 1 "$T/sum")"
	(cd "$T" && "$conv" --out out2 "$src" > stdout2 2>&1)
	if [ ! -s "$T/out2/series" ]; then ok "$c: a second run changes nothing"
	else not_ok "$c: a second run changes nothing" "$(cat "$T/stdout2")"; fi
done
finish
