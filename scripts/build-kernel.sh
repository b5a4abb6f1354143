#!/bin/sh
# Build bzImage and modules in an O= directory, with progress and a log.
#
# usage: build-kernel.sh KSRC OBJDIR LOGDIR JOBS
#
# Kbuild's own "CC ..." lines are the progress display; all output is
# also kept in LOGDIR/kernel-build.log and the wall time, in seconds, in
# LOGDIR/kernel-build-seconds.
set -eu
[ $# -eq 4 ] || { echo "usage: build-kernel.sh KSRC OBJDIR LOGDIR JOBS" >&2; exit 2; }
ksrc=$1 obj=$2 logs=$3 jobs=$4
mkdir -p "$logs"
log=$logs/kernel-build.log
start=$(date +%s.%N)
status=$logs/.kernel-build-status
rm -f "$status"
{ make -C "$ksrc" O="$obj" -j"$jobs" bzImage modules 2>&1; echo $? > "$status"; } | tee "$log"
rc=$(cat "$status" 2>/dev/null || echo 1)
echo "$(date +%s.%N) - $start" | bc > "$logs/kernel-build-seconds"
if [ "$rc" -ne 0 ]; then
	echo "build-kernel: error: kernel build failed (status $rc); see $log" >&2
	exit 1
fi
echo "build-kernel: built $obj/arch/x86/boot/bzImage in $(cat "$logs/kernel-build-seconds")s"
