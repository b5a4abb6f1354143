#!/bin/sh
# Name the kernel-fetch plugin's regions after the workloads they hold.
#
# usage: take-regions.sh PREFIX OUTDIR CLASS...
#
# In a boot under the plugin (qemu/plugin/kernel-fetch.c) each run of
# generator/collect/workload marks the start and the end of its loop, so
# the i-th CLASS (from 0) is region 2i + 1: PREFIX.(2i+1).profile
# (executed instructions per function, readprofile(1) text) and .edges
# (calls between functions).  They become OUTDIR/CLASS.txt and
# OUTDIR/CLASS.edges; a class named more than once gets -1, -2, ...  The
# boot must hold exactly 2 * (number of CLASSes) marks, or the regions
# are not the workloads and nothing is written.
set -eu
[ $# -ge 3 ] || { echo "usage: take-regions.sh PREFIX OUTDIR CLASS..." >&2; exit 2; }
prefix=$1 out=$2
shift 2
die() { echo "take-regions: $*" >&2; exit 1; }
n=$#
want=$((2 * n))
got=0
while [ -e "$prefix.$got.profile" ]; do got=$((got + 1)); done
[ "$got" -eq "$want" ] ||
	die "$prefix: $got marked regions, want $want for $n workloads (a workload failed, or something else executed the mark)"
mkdir -p "$out"
i=0
for class in "$@"; do
	name=$class
	if [ "$(printf '%s\n' "$@" | grep -cx "$class")" -gt 1 ]; then
		k=$(printf '%s\n' "$@" | head -n $((i + 1)) | grep -cx "$class")
		name=$class-$k
	fi
	r=$prefix.$((2 * i + 1))
	total=$(awk '$2 == "total" { print $1 }' "$r.profile")
	[ "${total:-0}" -gt 0 ] || die "$r.profile: no kernel instructions counted for $class"
	[ -s "$r.edges" ] || die "$r.edges: no calls counted for $class"
	cp "$r.profile" "$out/$name.txt"
	sort -k1,1nr -k2,3 "$r.edges" > "$out/$name.edges"
	echo "take-regions: $name: $total kernel instructions, $(wc -l < "$r.edges") call edges"
	i=$((i + 1))
done
