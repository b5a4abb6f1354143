#!/bin/sh
# What a layout costs the boot, from one held-out boot (LAYOUT's rows,
# tab separated, as bench-measure.sh prints them):
#
#   boot_kernel_insns    kernel instructions from power-on to the first
#                        workload's start (the plugin's region 0, rep
#                        string instructions once): under -icount the
#                        same work every boot, so layouts compare exactly
#   first_ktap_seconds   host seconds from QEMU's start to the guest's
#                        first KTAP line (qemu/run.sh): what a user
#                        waits, but it moves with the host's load
#
# usage: bench-boot.sh LAYOUT RUNDIR
set -eu
[ $# -eq 2 ] || { echo "usage: bench-boot.sh LAYOUT RUNDIR" >&2; exit 2; }
layout=$1 run=$2
die() { echo "bench-boot: $*" >&2; exit 1; }
n=$(awk '$1 == "kernel_insns" { print $2 }' "$run/region.0.stats" 2>/dev/null) || true
[ -n "$n" ] || die "$run/region.0.stats: no kernel_insns (no boot region)"
[ -s "$run/first-ktap-seconds" ] || die "$run/first-ktap-seconds: missing or empty"
printf '%s\tboot_kernel_insns\t%s\n' "$layout" "$n"
printf '%s\tfirst_ktap_seconds\t%.1f\n' "$layout" "$(cat "$run/first-ktap-seconds")"
