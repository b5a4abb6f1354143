#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# modparm-convert's OUT: it replaces only a directory it wrote itself,
# and refuses any other OUT before any work (exit 2, nothing written,
# the reason and what to pass instead); "exit 2" means nothing written
# on every path, --in-place into a read-only source too.  Each case
# runs on a fresh copy of a small driver (a .c and the user's README),
# and checks that every file of the user is still there, unchanged.
# KTAP (scripts/ktap.sh).  MODPARM_CONVERT runs another converter (to
# check that these tests fail on an older one; on copies only).

set -u
here=$(cd "$(dirname "$0")" && pwd)
conv=${MODPARM_CONVERT:-$here/../modparm-convert}
T=$(mktemp -d "${TMPDIR:-/tmp}/modparm-out.XXXXXX")
trap 'chmod -R u+w "$T"; rm -rf "$T"' EXIT
MODPARM_AUTHOR="modparm-convert <modparm-convert@localhost>" SOURCE_DATE_EPOCH=0
export MODPARM_AUTHOR SOURCE_DATE_EPOCH
. "$here/../../scripts/ktap.sh"
ktap_why=$T/why

# fresh W: $W/pkg/drv with ne2.c (sites to convert) and README; the
# state of everything under $W recorded in $T/before
fresh() {
	rm -rf "$T/w" && mkdir -p "$T/w/pkg/drv"
	W=$T/w
	cp "$here/convert/tree/drivers/net/ne2.c" "$W/pkg/drv/"
	echo "the user's notes" > "$W/pkg/drv/README"
	echo "the user's file" > "$W/pkg/afile"
	state > "$T/before"
}
# every file under $W with its checksum, and every directory
state() { (cd "$W" && find . -path ./pkg/drv.modparm-patches -prune -o -print | LC_ALL=C sort |
	while read -r f; do if [ -f "$f" ]; then echo "$f $(md5sum < "$f")"; else echo "$f"; fi; done); }
# unchanged: nothing under $W changed (a refused run writes nothing)
unchanged() { state > "$T/after"; diff -u "$T/before" "$T/after" >> "$T/why"; }
# refused NAME PATTERN ARGS...: exit 2, the message matches PATTERN
# (and says what to pass), nothing under $W changed
refused() {
	name=$1 pat=$2
	shift 2
	(cd "$W" && "$conv" "$@") > "$T/out" 2>&1
	rc=$?
	{ echo "exit $rc"; cat "$T/out"; } > "$T/why"
	[ $rc -eq 2 ] && grep -q -- "$pat" "$T/out" && grep -q 'pass --out\|give a file' "$T/out" &&
		! grep -q 'patches in' "$T/out" && unchanged
	result "$name" $?
}

fresh
refused "--out SRC: refused, the driver's files kept" "is the sources" --out pkg/drv pkg/drv
refused "--out PARENT_OF_SRC: refused, the parent tree kept" "holds the sources" --out pkg pkg/drv
refused "--out a regular file: refused, the file kept" "is a file" --out pkg/afile pkg/drv
refused "--out a directory inside SRC: refused" "is inside the sources" --out pkg/drv/patches pkg/drv
refused "--out the single file SRC's directory: refused" "holds the sources" --out pkg/drv pkg/drv/ne2.c
ln -s drv "$W/pkg/link" && state > "$T/before"
refused "--out a symbolic link to SRC: refused (real paths compared)" "is the sources" --out pkg/link pkg/drv
refused "SRC through a symbolic link, --out inside it: refused" "is inside the sources" --out pkg/drv/x pkg/link

# --out . from inside the driver: refused, and no .modparm-old.* left
fresh
(cd "$W/pkg/drv" && "$conv" --out . .) > "$T/out" 2>&1
rc=$?
{ echo "exit $rc"; cat "$T/out"; } > "$T/why"
[ $rc -eq 2 ] && grep -q 'is the sources' "$T/out" && unchanged &&
	! ls -a "$W/pkg" "$W/pkg/drv" | grep -q '^\.modparm'
result "--out . inside the driver: refused, nothing left in the source" $?

# a directory of the user's (not empty, no mark): refused, its files kept
fresh
mkdir "$W/mine" && echo "keep me" > "$W/mine/NOTES" && state > "$T/before"
refused "--out a non-empty directory it did not write: refused, NOTES kept" \
	"did not write" --out mine pkg/drv

# the default OUT: beside SRC, never inside it, wherever the run starts
fresh
(cd "$W/pkg/drv" && "$conv" .) > "$T/out" 2>&1
rc=$?
{ echo "exit $rc"; cat "$T/out"; ls -a "$W/pkg" "$W/pkg/drv"; } > "$T/why"
[ $rc -eq 0 ] && [ -s "$W/pkg/drv.modparm-patches/series" ] && unchanged &&
	grep -q "patches in $W/pkg/drv.modparm-patches/" "$T/out"
result "default OUT from inside the driver: NAME.modparm-patches beside it, the source untouched" $?
(cd "$W" && "$conv" pkg/drv) > "$T/out" 2>&1
rc=$?
{ echo "exit $rc"; cat "$T/out"; } > "$T/why"
[ $rc -eq 0 ] && [ -s "$W/pkg/drv.modparm-patches/series" ] && unchanged
result "default OUT from elsewhere: the same directory, replaced (it is the converter's)" $?

# its own OUT: replaced whole, marked, with the umask's mode (not 0700)
fresh
mkdir "$W/empty"
(cd "$W" && umask 022 && "$conv" --out empty pkg/drv) > "$T/out" 2>&1
rc=$?
{ echo "exit $rc"; cat "$T/out"; ls -la "$W/empty"; } > "$T/why"
[ $rc -eq 0 ] && [ -s "$W/empty/series" ] && [ -f "$W/empty/.modparm-convert" ] &&
	[ "$(stat -c %a "$W/empty")" = 755 ]
result "an empty directory is taken; OUT is marked and gets mode 755 under umask 022" $?
echo stale > "$W/empty/0009-stale.patch"
(cd "$W" && umask 027 && "$conv" --out empty pkg/drv) > "$T/out" 2>&1
rc=$?
{ echo "exit $rc"; cat "$T/out"; ls -la "$W/empty"; } > "$T/why"
[ $rc -eq 0 ] && [ ! -e "$W/empty/0009-stale.patch" ] && [ -s "$W/empty/series" ] &&
	[ "$(stat -c %a "$W/empty")" = 750 ] && ! ls -a "$W" | grep -q '^\.modparm'
result "its own OUT is replaced whole (a stale patch goes), mode 750 under umask 027" $?
echo "mine" > "$W/empty/NOTES"
(cd "$W" && "$conv" --out empty pkg/drv) > "$T/out" 2>&1
rc=$?
{ echo "exit $rc"; cat "$T/out"; } > "$T/why"
[ $rc -eq 2 ] && grep -q 'holds NOTES, which modparm-convert did not write' "$T/out" &&
	[ "$(cat "$W/empty/NOTES")" = mine ]
result "its own OUT holding a file of the user's: refused, the file kept" $?

# --report into the sources or into OUT: refused before anything is written
fresh
refused "--report onto a source file: refused, the source kept" "is inside the sources" \
	--report pkg/drv/ne2.c --out new pkg/drv
[ ! -e "$W/new" ]; result "--report refused: OUT not written either" $?
(cd "$W" && "$conv" --report new/r.txt --out new pkg/drv) > "$T/out" 2>&1
rc=$?
{ echo "exit $rc"; cat "$T/out"; } > "$T/why"
[ $rc -eq 2 ] && grep -q 'is inside OUT' "$T/out" && [ ! -e "$W/new" ]
result "--report inside OUT (replaced after it): refused, nothing written" $?

# --in-place into a source that cannot be written: exit 2, and neither
# OUT nor the report is written.  Root writes anything: the run drops
# to nobody, which needs a way to its files.
fresh
chmod -R a+rX "$T" && chmod a-w "$W/pkg/drv/ne2.c" && chmod 777 "$W"
as=
if [ "$(id -u)" -eq 0 ]; then
	closed=$(closed_to_nobody "$conv" "$W/pkg/drv")
	as="setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME=$W"
fi
if [ -n "${closed:-}" ]; then
	skip "--in-place into a read-only source: exit 2, nothing written" "nobody cannot enter $closed"
else
	(cd "$W" && $as "$conv" --in-place --report rep.txt --out ro pkg/drv) > "$T/out" 2>&1
	rc=$?
	{ echo "exit $rc"; cat "$T/out"; } > "$T/why"
	[ $rc -eq 2 ] && grep -q 'ne2.c is not writable' "$T/out" && [ ! -e "$W/ro" ] &&
		[ ! -e "$W/rep.txt" ] && ! ls -a "$W" | grep -q '^\.modparm'
	result "--in-place into a read-only source: exit 2, neither OUT nor the report written" $?
fi
chmod u+w "$W/pkg/drv/ne2.c"

# a run that fails part way (git cannot write the patches) leaves
# nothing: no OUT, not its missing parents, no staging directory
fresh
(cd "$W" && PATH=$T/nogit:$PATH && mkdir -p "$T/nogit" &&
	printf '#!/bin/sh\n[ "$1" = var ] && exec /usr/bin/git "$@"\necho no >&2; exit 1\n' > "$T/nogit/git" &&
	chmod +x "$T/nogit/git" && "$conv" --out new/sub/out pkg/drv) > "$T/out" 2>&1
rc=$?
{ echo "exit $rc"; cat "$T/out"; ls -a "$W"; } > "$T/why"
[ $rc -eq 2 ] && [ ! -e "$W/new" ] && ! ls -a "$W" | grep -q '^\.modparm' && unchanged
result "a run that fails in git: exit 2, no OUT, not its parents, no staging directory" $?

finish
