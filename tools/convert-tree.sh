#!/bin/sh
# Run the MODULE_PARM converter over the pristine kernel tree and keep
# generated-patches/ in step with what it writes.
#
# usage: convert-tree.sh PRISTINE_TREE WORKDIR GENERATED_DIR
#
# The converter's patches for the tree go to GENERATED_DIR/linux-6.1/ and
# are listed in GENERATED_DIR/series, which the tree stage applies after
# handwritten/series.  On Linux 6.1 there is nothing left to convert: the
# converter says so, and the series must then list no patch.
set -eu
[ $# -eq 3 ] || { echo "usage: convert-tree.sh PRISTINE_TREE WORKDIR GENERATED_DIR" >&2; exit 2; }
tree=$1 work=$2 gen=$3
top=$(cd "$(dirname "$0")/.." && pwd)
out=$work/linux-6.1
rm -rf "$out"
mkdir -p "$work"
# Exit 1 means some file could not be parsed: listed, left alone, and
# not a reason to stop the pipeline.
rc=0
"$top/cocci/modparm-convert" --name linux-6.1 --out "$out" "$tree" || rc=$?
[ "$rc" -le 1 ] || exit "$rc"

listed=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$gen/series")
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
