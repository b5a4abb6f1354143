#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The migrations of port-driver, Coccinelle style: each CASE.c through
# the semantic patch its name starts with (the longest such NAME.cocci in
# cocci/port/) must give CASE.res, and CASE.res must be left as it is
# (idempotence).  Then the build proof against KDIR (port-driver's
# default: Debian's headers of linux-source-6.1, else build/kbuild):
# every CASE.c fails to compile there (the case shows a real break) and
# every CASE.res compiles, except the cases whose name ends in _used,
# where the rule must leave a construct only a person can port.
#
#   test-port-cocci.sh [--update] [SCRATCH]
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
. "$repo/scripts/ktap.sh"
update=
[ "${1:-}" = --update ] && { update=1; shift; }
scratch=${1:-$repo/build/port-cocci-tests}
spatch=${SPATCH:-spatch}
rm -rf "$scratch" && mkdir -p "$scratch/before" "$scratch/after" || exit 1

rule_of() {
	n=$1
	while [ ! -f "$here/../$n.cocci" ]; do
		case $n in *_*) n=${n%_*} ;; *) return 1 ;; esac
	done
	echo "$n"
}

# the spatch options of a semantic patch's "// Options:" line, as
# port-driver passes them (a --macro-file beside the semantic patch)
options() {
	sed -n 's|^// Options: *||p' "$1" | tr ' ' '\n' |
		sed -e '/^--include-headers$/d' -e '/^--no-includes$/d' -e '/^$/d' \
		    -e "s|^\([^-].*\.h\)\$|$here/../\1|"
}

run_rule() {	# rule input output
	cp "$2" "$3" &&
	"$spatch" --sp-file "$here/../$1.cocci" $(options "$here/../$1.cocci") -D patch --very-quiet --in-place \
		--include-headers --no-includes "$3" >"$scratch/spatch.log" 2>&1 ||
		{ sed 's/^/# /' "$scratch/spatch.log"; return 1; }
}

cases=
for c in "$here"/*.c; do
	n=$(basename "$c" .c)
	cases="$cases $n"
	rule=$(rule_of "$n") || { not_ok "$n" "no semantic patch named by a prefix of $n"; continue; }
	[ -n "$update" ] && run_rule "$rule" "$c" "$here/$n.res"
	if run_rule "$rule" "$c" "$scratch/$n.out"; then
		same_text "$(cat "$scratch/$n.out")" "$(cat "$here/$n.res")" "$n: $rule.cocci gives $n.res"
	else
		not_ok "$n: $rule.cocci gives $n.res" "spatch failed"
	fi
	if run_rule "$rule" "$here/$n.res" "$scratch/$n.again"; then
		same_text "$(cat "$scratch/$n.again")" "$(cat "$here/$n.res")" "$n: $rule.cocci leaves $n.res as it is"
	else
		not_ok "$n: $rule.cocci leaves $n.res as it is" "spatch failed"
	fi
	cp "$c" "$scratch/before/$n.c"
	cp "$here/$n.res" "$scratch/after/$n.c"
done

kdir=$("$repo/cocci/port-driver" --print-kdir)
if [ ! -f "$kdir/include/generated/uapi/linux/version.h" ]; then
	for n in $cases; do
		skip "$n: build proof" "no kernel headers at $kdir (install linux-headers of linux-source-6.1)"
	done
else
	for d in before after; do
		for n in $cases; do echo "obj-m += $n.o"; done > "$scratch/$d/Kbuild"
		make -k -C "$kdir" M="$scratch/$d" modules >"$scratch/$d.log" 2>&1
	done
	for n in $cases; do
		if [ -f "$scratch/before/$n.o" ]; then
			not_ok "$n: $n.c does not compile against $kdir" "it compiles: the case shows no break"
		else
			ok "$n: $n.c does not compile against $kdir"
		fi
		case $n in
		*_used) want=no ;;
		*) want=yes ;;
		esac
		got=no
		[ -f "$scratch/after/$n.o" ] && got=yes
		if [ "$got" = "$want" ]; then
			ok "$n: $n.res compiles against $kdir: $want"
		else
			grep -A3 "/$n.c:" "$scratch/after.log" | head -20 | sed 's/^/# /'
			not_ok "$n: $n.res compiles against $kdir: $want" "got $got"
		fi
	done
fi
finish
