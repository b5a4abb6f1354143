#!/bin/sh
# Refuse a function list that names functions the kernel does not have.
#
# usage: bench-check-list.sh LIST SYSTEM_MAP [MAX_PERMILLE]
#
# Counts the list's "*(.text.NAME)" entries whose NAME (or, for a __cold
# function's "*(.text.unlikely.NAME)", whose NAME) is no text symbol of
# SYSTEM_MAP and fails when they are more than MAX_PERMILLE (default
# 10, 1 %) of the entries.  The benchmark makes its lists from profiles
# of the build it measures, cut by that build's System.map: they name
# none.  A list of the same configuration built by another compiler
# misses a few static clones whose suffix (.isra.0, .constprop.0, .part.0)
# the compiler chose differently; one of another configuration misses
# far more than 1 % (tinyconfig against Debian's: thousands), and
# measuring it would measure a layout nobody asked for.
set -eu
[ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: bench-check-list.sh LIST SYSTEM_MAP [MAX_PERMILLE]" >&2; exit 2; }
list=$1 map=$2 max=${3:-10}
die() { echo "bench-check-list: $*" >&2; exit 1; }
[ -f "$list" ] || die "$list: not found"
[ -s "$map" ] || die "$map: missing or empty"
# Names have no blanks: the words are the counts and the examples.
# shellcheck disable=SC2046
set -- $(awk 'FILENAME == ARGV[1] { if ($2 ~ /^[tTwW]$/) have[$3] = 1; next }
	/^[ \t]*\*\(\.text\.[^ )]+\)/ { name = $0; sub(/^[ \t]*\*\(\.text\./, "", name); sub(/\).*/, "", name)
		# A __cold function is placed by its .text.unlikely.NAME section.
		if (!(name in have) && name ~ /^unlikely\./) sub(/^unlikely\./, "", name)
		n++; if (!(name in have)) { miss++; if (miss <= 5) ex = ex " " name } }
	END { printf "%d %d%s\n", n, miss, ex }' "$map" "$list")
entries=$1 missing=$2
shift 2
echo "bench-check-list: $list: $missing of $entries entries name no function of $map${1:+ (e.g.$(printf ' %s' "$@"))}"
[ $((missing * 1000)) -le $((entries * max)) ] ||
	die "$list: $missing of $entries entries name functions $map does not have (more than $max per mille): a list for another kernel build"
