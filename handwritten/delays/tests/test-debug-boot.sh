#!/bin/sh
# Boot the debug kernel (debug.config: KCSAN, lockdep) with the delays
# tests and delays-stress, and fail on any report of the kernel's
# checkers in the console.  KTAP (scripts/ktap.sh).
#
# usage: test-debug-boot.sh REPO BZIMAGE INITRAMFS OUT TIMEOUT [DISK...]
#
# The guest runs /debug-delays: every delays test alone, then all of
# them again under delays-stress (forks, exits and switches of
# kernel.task_delayacct going on meanwhile).
set -u
[ $# -ge 5 ] || { echo "usage: test-debug-boot.sh REPO BZIMAGE INITRAMFS OUT TIMEOUT [DISK...]" >&2; exit 2; }
repo=$1 bzimage=$2 initrd=$3 out=$4 timeout=$5
shift 5
disks=
for d in "$@"; do disks="$disks --disk $d"; done

. "$repo/scripts/ktap.sh"

# no_timer_check: on a loaded host, TCG can be too slow for the boot's
# check that the timer interrupt arrives ("IO-APIC + timer doesn't work"
# panic), and the debug kernel is slower still.
# shellcheck disable=SC2086 # $disks is a list of options
"$repo/qemu/run.sh" --kernel "$bzimage" --initrd "$initrd" --out "$out" \
	--accel tcg --timeout "$timeout" $disks \
	--append "no_timer_check delays.stress ktest.run=/debug-delays ktest.timeout=$timeout" \
	> "$out.run.log" 2>&1
rc=$?
console=$out/console.log
echo "# boot: $(cat "$out/boot-seconds" 2>/dev/null || echo '?') s (TCG, 2 vCPUs), run.sh status $rc"

if [ "$rc" -eq 0 ]; then
	ok "the debug kernel boots and the guest reports"
else
	not_ok "the debug kernel boots and the guest reports" "$(tail -n 20 "$out.run.log")"
fi

# The checkers must have been running, or silence proves nothing.
if grep -q '^kcsan: ' "$console" 2>/dev/null &&
	grep -q 'Lock dependency validator' "$console"; then
	ok "KCSAN and lockdep are enabled"
else
	not_ok "KCSAN and lockdep are enabled" "no 'kcsan: ' or 'Lock dependency validator' line in $console"
fi

# KCSAN ("BUG: KCSAN: data-race"), lockdep ("WARNING: possible circular
# locking dependency", "WARNING: suspicious RCU usage", ...), sleeping
# in atomic context ("BUG: sleeping function"), WARN_ON(), hung tasks.
reports='(BUG|WARNING|INFO): |DEBUG_LOCKS_WARN_ON|Kernel panic|Oops|general protection fault'
if [ -f "$console" ] && ! grep -qE "$reports" "$console"; then
	ok "no report from the kernel's checkers"
else
	not_ok "no report from the kernel's checkers" \
		"$(grep -E -A 12 "$reports" "$console" 2>/dev/null | head -n 120)"
fi

if [ -s "$out/ktap.log" ] && summary=$("$repo/scripts/ktap-summary" "$out/ktap.log"); then
	ok "the delays tests pass alone and run under churn without dying"
	echo "# guest: $(printf '%s\n' "$summary" | tail -n 1)"
else
	not_ok "the delays tests pass alone and run under churn without dying" \
		"$("$repo/scripts/ktap-summary" "$out/ktap.log" 2>&1 | tail -n 40)"
fi
finish
