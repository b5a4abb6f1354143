#!/bin/sh
# Pipeline benchmark: cold and warm `make check` wall time, and the
# guest's boot-to-first-KTAP-line time, measured in one run.
#
# usage: bench-pipeline.sh BUILDDIR
#
# "Cold" is a fresh build directory (extract, configure, full kernel
# build, every suite); "warm" is the same command again with nothing
# changed, which must not rebuild the kernel.  Runs in BUILDDIR/bench so
# the normal build is left alone.
set -eu
b=$1/bench
top=$(cd "$(dirname "$0")/.." && pwd)
now() { date +%s.%N; }
rm -rf "$b"
echo "bench: cold make check in $b (full extract and kernel build)"
t0=$(now)
make -C "$top" check BUILD="$b" > "$1/bench-cold.log" 2>&1 || echo "bench: note: cold make check failed, see $1/bench-cold.log"
t1=$(now)
make -C "$top" check BUILD="$b" > "$1/bench-warm.log" 2>&1 || echo "bench: note: warm make check failed, see $1/bench-warm.log"
t2=$(now)
cold=$(echo "$t1 - $t0" | bc)
warm=$(echo "$t2 - $t1" | bc)
printf 'bench: make check cold   %8.1f s\n' "$cold"
printf 'bench: make check warm   %8.1f s  (%.2fx of cold)\n' "$warm" "$(echo "$warm / $cold" | bc -l)"
printf 'bench: kernel build      %8.1f s  (cold)\n' "0$(grep -h 'build-kernel: built' "$1/bench-cold.log" | sed 's/.* in \([0-9.]*\)s/\1/' | head -n 1)"
printf 'bench: boot to 1st KTAP  %8.2f s  (%s)\n' "0$(cat "$b/run/first-ktap-seconds")" "$(cat "$b/run/accel")"
printf 'bench: boot to power-off %8.2f s\n' "0$(cat "$b/run/boot-seconds")"
