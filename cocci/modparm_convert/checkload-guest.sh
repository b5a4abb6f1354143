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
#   MPC-HANG module phase seconds   insmod did not return in time
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

# A load that does not return within $limit seconds (a setter that
# sleeps for ever) is given up: the module is named and the others still
# load in this boot (a module stuck in its setter holds no lock another
# module's load needs).  The plan's "T seconds" line sets the limit.
limit=60
hung=0
trap 'hung=1' USR1

# one insmod: module phase [param=value...]; status 1 when it hung
load() {
	m=$1 phase=$2
	shift 2
	hung=0
	insmod "$dir/$m.ko" "$@" >/dev/null 2>&1 &
	pid=$!
	# a trapped signal ends the shell's wait
	( sleep "$limit"; kill -USR1 $$ ) 2>/dev/null &
	wd=$!
	wait "$pid"
	rc=$?
	kill "$wd" 2>/dev/null
	if [ "$hung" = 1 ] && kill -0 "$pid" 2>/dev/null; then
		say "MPC-HANG $m $phase $limit"
		dmesg -c 2>/dev/null | while IFS= read -r l; do say "MPC-LOG $m $phase $l"; done
		stuck=$m
		return 1
	fi
	say "MPC-RC $m $phase $rc"
	dmesg -c 2>/dev/null | while IFS= read -r l; do say "MPC-LOG $m $phase $l"; done
	if grep -q "^$m " /proc/modules; then
		rmmod "$m" >/dev/null 2>&1 || say "MPC-LOG $m $phase rmmod failed"
	fi
	dmesg -c >/dev/null 2>&1
}

while read -r tag m rest; do
	# a module stuck loading cannot load again
	[ "$m" = "${stuck:-}" ] && [ "$tag" != M ] && continue
	case $tag in
	T)
		limit=$m
		;;
	M)
		[ -n "${cur:-}" ] && say "MPC-END $cur"
		cur=$m
		echo "MPC-BEGIN $m" > /dev/kmsg
		dmesg -c >/dev/null 2>&1
		say "MPC-BEGIN $m"
		;;
	G)
		# shellcheck disable=SC2086 # the values hold no spaces
		load "$m" good $rest && load "$m" default
		;;
	B)
		k=${rest%% *}
		load "$m" "bad$k" "${rest#* }"
		;;
	esac
done < "$plan"
[ -n "${cur:-}" ] && say "MPC-END $cur"
exit 0
