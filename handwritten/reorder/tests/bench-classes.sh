#!/bin/sh
# The figures of each unseen workload class (generator/collect/unseen)
# of one held-out boot: every class ran in a plugin region of its own,
# which is measured apart from the pooled mixed runs and from the other
# classes.
#
# usage: bench-classes.sh LAYOUT MAP CLASS:PREFIX...
#
# PREFIX is the class's region of the boot (its .stats,
# qemu/plugin/kernel-fetch.c); MAP the layout's System.map, whose
# sha256 the counts must carry (counts of another build are refused).
# Prints "LAYOUT CLASS:MEASURE VALUE" lines (tab separated):
#
#   CLASS:kernel_insns      kernel instructions the class executed, a
#                           rep string instruction once
#   CLASS:itlb4k_per_1k, CLASS:itlb4k_walk_per_1k, CLASS:itlb2m_per_1k,
#   CLASS:l1i_per_1k        simulated misses per 1,000 of them
#                           (bench-misses.awk)
set -eu
[ $# -ge 3 ] || { echo "usage: bench-classes.sh LAYOUT MAP CLASS:PREFIX..." >&2; exit 2; }
layout=$1 map=$2
shift 2
here=$(dirname "$0")
die() { echo "bench-classes: $*" >&2; exit 1; }
[ -s "$map" ] || die "$map: missing or empty"
want=$(sha256sum < "$map" | cut -d ' ' -f 1)
for cr in "$@"; do
	class=${cr%%:*} r=${cr#*:}
	case $class in '' | *[!a-z0-9_-]*) die "'$cr': not CLASS:PREFIX" ;; esac
	[ "$r" != "$cr" ] && [ -n "$r" ] || die "'$cr': not CLASS:PREFIX"
	[ -s "$r.stats" ] || die "$r.stats: missing or empty ($class)"
	sha=$(awk '$1 == "map_sha256" { print $2 }' "$r.stats")
	[ "$sha" = "$want" ] ||
		die "$r.stats: counts of another kernel build (System.map sha256 ${sha:-not recorded}), not of $map"
	n=$(awk '$1 == "kernel_insns" { print $2 }' "$r.stats")
	case $n in '' | *[!0-9]* | 0) die "$r.stats: no kernel instructions counted for $class" ;; esac
	printf '%s\t%s:kernel_insns\t%s\n' "$layout" "$class" "$n"
	awk -f "$here/bench-misses.awk" "$r.stats" |
		while read -r m v; do printf '%s\t%s:%s\t%s\n' "$layout" "$class" "$m" "$v"; done
done
