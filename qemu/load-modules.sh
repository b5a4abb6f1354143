#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Load kernel modules in a QEMU guest and say, per module, whether it
# loaded and was removed, or the kernel's reason why not.  Nothing is
# loaded on this machine.
#
# usage: load-modules.sh [--timeout SECS] [--load-timeout SECS]
#                        [--accel auto|tcg|kvm] IMAGE WORKDIR MODULE.ko...
#
# IMAGE is the kernel to boot: a bzImage of a kernel build, or a
# distribution's /boot/vmlinuz-VERSION (Debian's 6.1: its serial
# console and devtmpfs are built in, as this needs; build the modules
# against its headers, /lib/modules/VERSION/build).  The initramfs is
# busybox-static, qemu/init and the modules, made with the kernel
# source's gen_init_cpio when GEN_INIT_CPIO names one, else with
# Debian's cpio: no kernel source is needed.  One boot loads every
# module: insmod with its defaults, then rmmod.  A module whose insmod
# or rmmod does not return within --load-timeout seconds (default 60)
# fails and the others still load; a guest that panics or hangs whole
# (--timeout for one boot, default 300) fails the module it was loading,
# with the console's last lines, and is booted again for the modules
# after it.
#
# Output: KTAP on stdout, one result per module, named after the module
# (the kernel's name: dashes become underscores), with the kernel's
# lines as "# " lines before it; WORKDIR/results has one line per module,
# "NAME<TAB>ok|fail<TAB>what happened", and WORKDIR/bootN the logs.
# Exit status: 0 every module loaded and was removed, 1 one did not,
# 2 a usage or set-up error.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
die() {
	echo "qemu/load-modules.sh: error: $*" >&2
	exit 2
}
usage="usage: load-modules.sh [--timeout SECS] [--load-timeout SECS] [--accel auto|tcg|kvm] IMAGE WORKDIR MODULE.ko..."

timeout=300 limit=60 accel=auto
while [ $# -gt 0 ]; do
	case $1 in
	--timeout) timeout=$2; shift 2 ;;
	--load-timeout) limit=$2; shift 2 ;;
	--accel) accel=$2; shift 2 ;;
	--) shift; break ;;
	-*) die "unknown option '$1'" ;;
	*) break ;;
	esac
done
[ $# -ge 3 ] || die "$usage"
image=$1 work=$2
shift 2
[ -f "$image" ] || die "kernel image $image not found"
case $timeout$limit in
*[!0-9]*) die "--timeout and --load-timeout take whole seconds" ;;
esac
for ko; do
	case $ko in
	*.ko) ;;
	*) die "$ko: not a .ko file" ;;
	esac
	[ -f "$ko" ] || die "module $ko not found"
done
gen=${GEN_INIT_CPIO:-cpio}

mkdir -p "$work"
work=$(cd "$work" && pwd)
g=$work/guest
rm -rf "$g" "$work"/boot* "$work/results"
mkdir -p "$g/tests" "$g/modules" "$g/data"
install -m 0755 "$here/load-modules-guest.sh" "$g/tests/load-modules"
echo "$limit" > "$g/data/load-modules.timeout"
# the list of modules still to load: FILE NAME
todo=$work/todo
: > "$todo"
for ko; do
	f=${ko##*/}
	m=$(echo "${f%.ko}" | tr - _)
	grep -q " $m\$" "$todo" && die "two modules named $m"
	cp "$ko" "$g/modules/$f"
	echo "$f $m" >> "$todo"
done
total=$(wc -l < "$todo")

echo "KTAP version 1"
echo "1..$total"
echo "# load-modules: $total module(s) on $image"
n=0 failed=0 boots=0
# result NAME ok|fail WHY [LOGFILE]: one KTAP result
result() {
	n=$((n + 1))
	[ -z "${4:-}" ] || sed 's/^/# /' "$4"
	printf '%s\t%s\t%s\n' "$1" "$2" "$3" >> "$work/results"
	if [ "$2" = ok ]; then
		echo "# $1: $3"
		echo "ok $n $1"
	else
		failed=$((failed + 1))
		echo "# $1: $3"
		echo "not ok $n $1"
	fi
}

while [ -s "$todo" ]; do
	out=$work/boot$boots
	boots=$((boots + 1))
	cp "$todo" "$g/data/load-modules.list"
	"$here/mkinitramfs.sh" "$gen" "$here/init" "$g" "$work/initramfs.cpio.gz" ||
		die "could not build the initramfs"
	crash=
	# the guest's own limit per test is the boot's
	"$here/run.sh" --kernel "$image" --initrd "$work/initramfs.cpio.gz" \
		--out "$out" --accel "$accel" --mem 512M --timeout "$timeout" \
		--append "ktest.timeout=$timeout" > "$out.run.log" 2>&1 ||
		crash=$(grep -m1 'FAIL' "$out.run.log" || echo "the boot failed")
	[ -f "$out/ktap.log" ] || die "the guest never started: $(tail -n 3 "$out.run.log")"
	rest=$work/rest
	: > "$rest"
	# a serial port's lines end in CR LF
	tr -d '\r' < "$out/ktap.log" > "$work/guest.log"
	while read -r f m; do
		# this module's lines, without the indent
		sed -n "s/^ *\(LM-[A-Z]* $m\)\( .*\)*\$/\1\2/p" "$work/guest.log" > "$work/lines"
		sed -n "s/^LM-LOG $m [a-z]* //p" "$work/lines" > "$work/klog"
		if ! grep -q "^LM-BEGIN $m\$" "$work/lines"; then
			echo "$f $m" >> "$rest"
			continue
		fi
		if ! grep -q "^LM-END $m\$" "$work/lines"; then
			tail -n 6 "$out/console.log" 2>/dev/null | tr -d '\r' > "$work/tail"
			result "$m" fail "the guest failed while loading it: ${crash:-no end}" "$work/tail"
			continue
		fi
		hang=$(sed -n 's/^LM-HANG [^ ]* \([a-z]*\) \([0-9]*\)$/\1 did not return within \2 s/p' "$work/lines")
		ins=$(sed -n "s/^LM-RC $m insmod //p" "$work/lines")
		rm_=$(sed -n "s/^LM-RC $m rmmod //p" "$work/lines")
		why=$(tail -n 1 "$work/klog" | sed 's/^\[ *[0-9.]*\] //')
		if [ -n "$hang" ]; then
			result "$m" fail "$hang" "$work/klog"
		elif [ "$ins" != 0 ]; then
			result "$m" fail "insmod failed (status $ins): ${why:-the kernel said nothing}" "$work/klog"
		elif [ -z "$rm_" ]; then
			result "$m" fail "insmod returned 0 but the kernel does not list $m" "$work/klog"
		elif [ "$rm_" != 0 ]; then
			result "$m" fail "rmmod failed (status $rm_): ${why:-the kernel said nothing}" "$work/klog"
		else
			result "$m" ok "loaded and removed" "$work/klog"
		fi
	done < "$todo"
	if [ "$(wc -l < "$rest")" -eq "$(wc -l < "$todo")" ]; then
		# the guest failed before any module: none can be judged
		[ -n "$crash" ] || crash="the guest loaded none of them"
		tail -n 6 "$out/console.log" 2>/dev/null | tr -d '\r' > "$work/tail"
		while read -r f m; do
			result "$m" fail "the guest failed before loading it: $crash" "$work/tail"
		done < "$rest"
		: > "$rest"
	fi
	mv "$rest" "$todo"
done
rm -f "$work/todo" "$work/guest.log" "$work/lines" "$work/klog" "$work/tail"
echo "# load-modules: $((n - failed)) loaded and removed, $failed failed, $boots boot(s) ($(cat "$work/boot0/accel" 2>/dev/null || echo tcg))"
[ "$failed" -eq 0 ]
