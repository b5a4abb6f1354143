#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Self-test of apply-series.sh on a scratch tree: a good series applies,
# and a series whose second patch does not apply fails naming that patch
# and its series line, with the first patch applied and the file not
# half-patched.  KTAP (scripts/ktap.sh).

here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir -p "$tmp/orig/d" "$tmp/new/d" "$tmp/p"
printf 'one\ntwo\n' >"$tmp/orig/d/f.c"
printf 'one\n2\n' >"$tmp/new/d/f.c"
(cd "$tmp" && diff -u orig/d/f.c new/d/f.c) >"$tmp/p/0001-good.patch"
# The second patch expects a line the tree does not have.
sed 's/^-two/-zwei/; s/^ one/ eins/' "$tmp/p/0001-good.patch" \
	>"$tmp/p/0002-bad.patch"

printf '# comment\n0001-good.patch\n' >"$tmp/p/series"
cp -a "$tmp/orig" "$tmp/t1"
check "a good series applies" "$here/apply-series.sh" "$tmp/p" "$tmp/t1"
check "the applied tree has the patched content" cmp "$tmp/t1/d/f.c" "$tmp/new/d/f.c"

printf '0001-good.patch\n\n0002-bad.patch # breaks\n' >"$tmp/p/series"
cp -a "$tmp/orig" "$tmp/t2"
expect_fail "a series with a patch that does not apply fails, naming the patch and its series line" \
	"series:3: 0002-bad.patch does not apply" \
	"$here/apply-series.sh" "$tmp/p" "$tmp/t2"
check "the tree keeps the earlier patch and no reject file" \
	sh -c 'cmp "$1/t2/d/f.c" "$1/new/d/f.c" && [ ! -e "$1/t2/d/f.c.rej" ]' sh "$tmp"
finish
