#!/bin/sh
# The closing summary of `make`: what was built, how long it took, how
# the tests went and where the logs are.
#
# usage: summary.sh BUILDDIR RESULTS_STATUS
set -u
b=$1 rc=$2
val() { cat "$1" 2>/dev/null || echo "?"; }
secs() { v=$(cat "$1" 2>/dev/null) && printf '%.1f s' "0$v" || printf '? s'; }
echo
echo "================================ summary ================================"
echo "tree:          $(val "$b/kbuild/include/config/kernel.release") (from $(val "$b/linux-pristine/.pristine-id" | cut -d' ' -f1))"
echo "patches:       $(wc -l < "$b/linux/.applied-patches" 2>/dev/null || echo 0) applied"
sed 's/^/                 /' "$b/linux/.applied-patches" 2>/dev/null
echo "kernel build:  $(secs "$b/logs/kernel-build-seconds") (last make run in $b/kbuild)"
echo "boot:          $(secs "$b/run/first-ktap-seconds") to the first KTAP line, $(secs "$b/run/boot-seconds") to power-off ($(val "$b/run/accel"))"
echo "tests:         $(scripts/ktap-summary "$b/run/ktap.log" 2>/dev/null | tail -n 1)"
echo "logs:          $b/logs/kernel-build.log"
echo "               $b/run/console.log (kernel console), $b/run/ktap.log (results)"
echo "========================================================================="
exit "$rc"
