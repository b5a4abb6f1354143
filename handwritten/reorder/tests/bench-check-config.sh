#!/bin/sh
# Refuse profiles from another kernel build: the configuration the
# profiles were collected on (functionlist/profiled.config) must be the
# measured kernel's.  Only CONFIG_FUNCTION_REORDER_LIST (where the list
# is read from) may differ.
#
# usage: bench-check-config.sh PROFILED_CONFIG KCONFIG
set -eu
[ $# -eq 2 ] || { echo "usage: bench-check-config.sh PROFILED_CONFIG KCONFIG" >&2; exit 2; }
die() { echo "bench-check-config: $*" >&2; exit 1; }
for f in "$1" "$2"; do [ -s "$f" ] || die "$f: missing or empty"; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
norm() { grep -E '^(CONFIG_|# CONFIG_.* is not set)' "$1" | grep -v '^CONFIG_FUNCTION_REORDER_LIST=' | LC_ALL=C sort; }
norm "$1" > "$tmp/a"
norm "$2" > "$tmp/b"
n=$(LC_ALL=C comm -3 "$tmp/a" "$tmp/b" | wc -l)
[ "$n" -eq 0 ] || die "$1: profiles of another kernel build: $n option lines differ from $2, e.g.
$(LC_ALL=C comm -3 "$tmp/a" "$tmp/b" | head -n 6 | sed 's/^\t/  kernel:   /; t; s/^/  profiles: /')
collect profiles of this kernel: make -C generator/collect collect KBUILD_OUT=$(dirname "$2")"
