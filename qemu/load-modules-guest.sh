#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# qemu/load-modules.sh, in the QEMU guest (busybox sh): insmod each
# module of /data/load-modules.list (lines FILE NAME) with its default values, then rmmod
# it, and print what each returned and what the kernel said.  The host
# judges.  Lines, on the results port:
#   LM-BEGIN module / LM-END module
#   LM-RC module insmod|rmmod status
#   LM-LOG module insmod|rmmod kernel-line
#   LM-HANG module insmod|rmmod seconds   it did not return in time
list=/data/load-modules.list
dir=/modules
# Results go straight to the results port, indented as a KTAP subtest's
# lines: /init passes a test's output through a pipe, whose buffer a
# panic would lose.  The kernel log (the console) gets each module's
# name before it is loaded, so the host can name the one a panic or a
# hang stopped at.
port=/dev/ttyS1
[ -c "$port" ] || port=/dev/stdout
say() {
	echo "    $*" > "$port"
}
limit=$(cat /data/load-modules.timeout 2>/dev/null || echo 60)
dmesg -c >/dev/null 2>&1

# run "$@" (insmod or rmmod) for module m in phase; give it up after
# $limit seconds (an init that never returns): status 1
step() {
	m=$1 phase=$2
	shift 2
	"$@" >/dev/null 2>&1 &
	pid=$!
	t=0
	while kill -0 "$pid" 2>/dev/null && [ "$t" -lt $((limit * 10)) ]; do
		sleep 0.1
		t=$((t + 1))
	done
	if kill -0 "$pid" 2>/dev/null; then
		say "LM-HANG $m $phase $limit"
		dmesg -c 2>/dev/null | while IFS= read -r l; do say "LM-LOG $m $phase $l"; done
		return 1
	fi
	wait "$pid"
	rc=$?
	say "LM-RC $m $phase $rc"
	dmesg -c 2>/dev/null | while IFS= read -r l; do say "LM-LOG $m $phase $l"; done
	return 0
}

# each line: the module's file, the name the kernel gives it
while read -r f m; do
	[ -n "$m" ] || continue
	echo "LM-BEGIN $m" > /dev/kmsg
	dmesg -c >/dev/null 2>&1
	say "LM-BEGIN $m"
	if step "$m" insmod insmod "$dir/$f" && grep -q "^$m " /proc/modules; then
		step "$m" rmmod rmmod "$m"
	fi
	say "LM-END $m"
done < "$list"
exit 0
