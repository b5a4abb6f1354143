#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Self-test of apply-series.sh on a scratch tree: a good series applies,
# and a series whose second patch does not apply fails naming that patch
# and its series line, with the first patch applied and the file not
# half-patched.  Prints TAP; exits non-zero on failure.

here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

nr=0
nfail=0
check()
{
	nr=$((nr + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $nr $2"
	else
		echo "not ok $nr $2"
		nfail=$((nfail + 1))
	fi
}

mkdir -p "$tmp/orig/d" "$tmp/new/d" "$tmp/p"
printf 'one\ntwo\n' >"$tmp/orig/d/f.c"
printf 'one\n2\n' >"$tmp/new/d/f.c"
(cd "$tmp" && diff -u orig/d/f.c new/d/f.c) >"$tmp/p/0001-good.patch"
# The second patch expects a line the tree does not have.
sed 's/^-two/-zwei/; s/^ one/ eins/' "$tmp/p/0001-good.patch" \
	>"$tmp/p/0002-bad.patch"

echo "TAP version 13"
echo "1..5"

printf '# comment\n0001-good.patch\n' >"$tmp/p/series"
cp -a "$tmp/orig" "$tmp/t1"
"$here/apply-series.sh" "$tmp/p" "$tmp/t1" >/dev/null 2>&1
check $? "a good series applies"
cmp -s "$tmp/t1/d/f.c" "$tmp/new/d/f.c"
check $? "the applied tree has the patched content"

printf '0001-good.patch\n\n0002-bad.patch # breaks\n' >"$tmp/p/series"
cp -a "$tmp/orig" "$tmp/t2"
! "$here/apply-series.sh" "$tmp/p" "$tmp/t2" >/dev/null 2>"$tmp/err"
check $? "a series with a patch that does not apply fails"
grep -q "series:3: 0002-bad.patch does not apply" "$tmp/err"
check $? "the error names the patch and its series line"
cmp -s "$tmp/t2/d/f.c" "$tmp/new/d/f.c" && [ ! -e "$tmp/t2/d/f.c.rej" ]
check $? "the tree keeps the earlier patch and no reject file"

echo "# Totals: pass:$((nr - nfail)) fail:$nfail xfail:0 xpass:0 skip:0 error:0"
[ "$nfail" -eq 0 ]
