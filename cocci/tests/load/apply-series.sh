#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# apply-series.sh PATCHDIR TREE
#
# Applies PATCHDIR/series (quilt style: one patch path relative to
# PATCHDIR per line, '#' comments) to TREE with patch -p1.  Each patch is
# tried with --dry-run first, so a patch that does not apply is named and
# leaves TREE as the previous patches left it, never half-patched.

set -eu

if [ $# -ne 2 ]; then
	echo "usage: $0 PATCHDIR TREE" >&2
	exit 2
fi
dir=$1
tree=$2
series=$dir/series

if [ ! -r "$series" ]; then
	echo "$series: cannot read the series file" >&2
	exit 1
fi

n=0
applied=0
while IFS= read -r line || [ -n "$line" ]; do
	n=$((n + 1))
	p=${line%%#*}
	p=$(echo "$p" | tr -d ' \t')
	[ -n "$p" ] || continue
	if [ ! -r "$dir/$p" ]; then
		echo "$series:$n: $p: no such patch" >&2
		exit 1
	fi
	if ! out=$(patch -p1 -d "$tree" --dry-run -N -s <"$dir/$p" 2>&1); then
		echo "$series:$n: $p does not apply to $tree:" >&2
		echo "$out" >&2
		exit 1
	fi
	patch -p1 -d "$tree" -N -s <"$dir/$p"
	applied=$((applied + 1))
done <"$series"

if [ "$applied" -eq 0 ]; then
	echo "$series: lists no patch" >&2
	exit 1
fi
echo "applied $applied patch(es) from $series"
