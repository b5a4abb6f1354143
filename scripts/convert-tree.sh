#!/bin/sh
# Run the MODULE_PARM converter over the pristine kernel tree and keep
# generated-patches/ in step with what it writes.
#
# usage: convert-tree.sh [--check] PRISTINE_TREE WORKDIR GENERATED_DIR
#
# With --check nothing in GENERATED_DIR is written: the run fails when
# what the converter writes now differs from what is committed.
#
# The converter's patches for the tree go to GENERATED_DIR/linux-6.1/ and
# are listed in GENERATED_DIR/series, which the tree stage applies after
# handwritten/series.  On Linux 6.1 there is nothing left to convert: the
# converter says so, and the series must then list no patch.
set -eu
check=0
[ "${1:-}" = --check ] && { check=1; shift; }
[ $# -eq 3 ] || { echo "usage: convert-tree.sh [--check] PRISTINE_TREE WORKDIR GENERATED_DIR" >&2; exit 2; }
tree=$1 work=$2 gen=$3
top=$(cd "$(dirname "$0")/.." && pwd)
# golden outputs and committed patches are the tool's, at a fixed date:
# neither the user's git identity nor the clock goes into them
MODPARM_AUTHOR="modparm-convert <modparm-convert@localhost>" SOURCE_DATE_EPOCH=0
export MODPARM_AUTHOR SOURCE_DATE_EPOCH
out=$work/linux-6.1
rm -rf "$out"
mkdir -p "$work"
# Exit 1 means some file could not be parsed: listed, left alone, and
# not a reason to stop the pipeline.
rc=0
"$top/cocci/modparm-convert" --name linux-6.1 --out "$out" "$tree" || rc=$?
[ "$rc" -le 1 ] || exit "$rc"

listed=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$gen/series")
if [ "$check" -eq 1 ]; then
	# Compare the patches themselves; both sides may be absent.  The
	# converter writes OUT with an empty series when it has only notes
	# to report (the parameter API sites of 6.1 that are already right);
	# its series is compared with $gen/series below.
	mkdir -p "$work/empty"
	now=$out committed=$gen/linux-6.1
	[ -d "$now" ] || now=$work/empty
	[ -d "$committed" ] || committed=$work/empty
	if ! diff -ru -x report.txt -x series -x .modparm-convert "$committed" "$now"; then
		echo "convert-tree: FAIL: the converter now writes different patches for the kernel tree (diff above); run 'make update' and commit generated-patches/" >&2
		exit 1
	fi
	expect=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e 's|^|linux-6.1/|' "$now/series" 2>/dev/null || true)
	if [ "$listed" != "$expect" ]; then
		echo "convert-tree: FAIL: $gen/series does not list exactly the converter's patches" >&2
		exit 1
	fi
	echo "1 passed, 0 failed"
	exit 0
fi
if [ ! -f "$out/series" ] || [ ! -s "$out/series" ]; then
	if [ -n "$listed" ]; then
		echo "convert-tree: error: $gen/series lists patches the converter no longer writes:" >&2
		echo "$listed" | sed 's/^/    /' >&2
		exit 1
	fi
	exit 0
fi
# New conversions: publish them for the tree stage and for review.
rm -rf "$gen/linux-6.1"
cp -r "$out" "$gen/linux-6.1"
{
	sed -n '/^#/p' "$gen/series"
	sed -e 's/#.*//' -e '/^[[:space:]]*$/d' -e 's|^|linux-6.1/|' "$out/series"
} > "$gen/series.tmp"
mv "$gen/series.tmp" "$gen/series"
echo "convert-tree: $(grep -c '^linux-6.1/' "$gen/series") patches for the kernel tree in $gen/linux-6.1 (review and commit them)"
