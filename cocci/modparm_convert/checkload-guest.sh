#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# modparm-convert --check-load, in the QEMU guest (busybox sh): load each
# module of /data/checkload.plan with its good values, without values,
# and with each bad value, and print what insmod returned and what the
# kernel said.  The host judges (modparm_convert/checkload.py); lines:
#   MPC-BEGIN module / MPC-END module
#   MPC-RC module phase status      phase: good, default, bad<K>
#   MPC-LOG module phase kernel-line
plan=${MODPARM_CHECKLOAD_PLAN:-/data/checkload.plan}
dir=${MODPARM_CHECKLOAD_MODULES:-/modules}
# Results go straight to the results port, indented as a KTAP subtest's
# lines: /init passes a test's output through a pipe, whose buffer a
# panic would lose.  The kernel log (the console) also gets each
# module's name before it is loaded, so the host can name the one a
# panic or hang stopped at.
port=/dev/ttyS1
[ -c "$port" ] || port=/dev/stdout
say() {
	echo "    $*" > "$port"
}
echo "# modparm check-load: $(grep -c '^M ' "$plan") modules"
dmesg -c >/dev/null 2>&1

# one insmod: module phase [param=value...]
load() {
	m=$1 phase=$2
	shift 2
	insmod "$dir/$m.ko" "$@" >/dev/null 2>&1
	rc=$?
	say "MPC-RC $m $phase $rc"
	dmesg -c 2>/dev/null | while IFS= read -r l; do say "MPC-LOG $m $phase $l"; done
	if grep -q "^$m " /proc/modules; then
		rmmod "$m" >/dev/null 2>&1 || say "MPC-LOG $m $phase rmmod failed"
	fi
	dmesg -c >/dev/null 2>&1
}

while read -r tag m rest; do
	case $tag in
	M)
		[ -n "${cur:-}" ] && say "MPC-END $cur"
		cur=$m
		echo "MPC-BEGIN $m" > /dev/kmsg
		dmesg -c >/dev/null 2>&1
		say "MPC-BEGIN $m"
		;;
	G)
		# shellcheck disable=SC2086 # the values hold no spaces
		load "$m" good $rest
		load "$m" default
		;;
	B)
		k=${rest%% *}
		load "$m" "bad$k" "${rest#* }"
		;;
	esac
done < "$plan"
[ -n "${cur:-}" ] && say "MPC-END $cur"
exit 0
