#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Module-param load test, run inside the QEMU guest (busybox sh).
#
# Loads the legacy modules that cocci/modparm-convert converted, with a
# value for every parameter on the insmod line, and checks what each
# module received (/proc/<module>) and what sysfs shows.  Then checks that
# bad values are rejected by the kernel: insmod fails, the module is not
# in /proc/modules and the kernel log names the parameter, so the failure
# is the parameter's and not, say, a missing file.
#
# Output is KTAP like tools/testing/selftests/kselftest.h; exit 0 pass,
# 1 fail, 4 skip.

MODDIR=${MODPARM_MODULES:-/modules}
# Permission given to the converter; 0 means no sysfs files are expected.
PERM=$(cat "${MODPARM_PERM_FILE:-/data/modparm.perm}" 2>/dev/null)
PERM=${PERM:-0}

MODULES='modparm_legacy modparm_legacy_cb'

# Good values, per module:
#   parameter|insmod value|what the module reports[|what sysfs shows]
# A parameter whose MODULE_PARM named a #define alias keeps the name the
# 2.6 kernel gave it, the expanded one: gscd, cards.
# The sysfs column defaults to the module's: it differs where the module
# shows a whole array and sysfs only the part that was set.
# shellcheck disable=SC2034 # read through good_rows()
GOOD_modparm_legacy='
int_val|-123456|-123456
uint_val|4000000000|4000000000
long_val|-9000000000|-9000000000
ulong_val|18000000000000000000|18000000000000000000
short_val|-32768|-32768
ushort_val|65535|65535
byte_val|255|255
charp_val|hello_from_insmod|hello_from_insmod
bool_val|y|Y
int_array|-1,2,-3|-1,2,-3,0
io|0x300,0x320|768,800,0,0
ushort_array|7,65535,9|7,65535,9
names|first,second,third|first,second,third
name_buf|fifteen_chars_x|fifteen_chars_x
gscd|0x300|768
late_val|42|42
u8_val|0x7f|127
int_flag|1|1
ports|0x3f8,0x2f8,0x3e8|1016,760,1000,0
cards|10,11|10,11
essid|seven_c|seven_c
irq_list|7|7,9
'

# shellcheck disable=SC2034 # read through good_rows()
GOOD_modparm_legacy_cb='
pair|10,20,30|10,20,30,0|10,20,30
'

# Without parameters: insmod succeeds and the values are the
# initialisers of legacy/*.c, so the conversion kept every declaration
# (also the ones it moved a module_param() below) and the callback's
# minimum count applies only to a value given.  parameter|value
# shellcheck disable=SC2034 # read through default_rows()
DEFAULTS_modparm_legacy='
int_val|-1
charp_val|default
name_buf|legacy
gscd|832
essid|any
irq_list|5,9
late_val|5
'

# shellcheck disable=SC2034 # read through default_rows()
DEFAULTS_modparm_legacy_cb='
pair|1,2,0,0
'

# Bad values: module|parameter=value|kernel message|why it must be refused.
# The message shows the kernel refused it for that reason, e.g. with the
# array size or buffer length the converted declaration gave it.
BAD='
modparm_legacy|int_val=abc|invalid for parameter `int_val|not a number for an int
modparm_legacy|uint_val=12x|invalid for parameter `uint_val|trailing garbage in an unsigned int
modparm_legacy|byte_val=256|invalid for parameter `byte_val|out of range for a byte
modparm_legacy|ushort_val=-1|invalid for parameter `ushort_val|negative for an unsigned short
modparm_legacy|bool_val=maybe|invalid for parameter `bool_val|not a boolean
modparm_legacy|int_array=1,2,3,4,5|int_array: can only take 4 arguments|too many array elements
modparm_legacy|io=1,2,3,4,5|io: can only take 4 arguments|too many elements for a macro-built count
modparm_legacy|cards=1,2,3|cards: can only take 2 arguments|too many elements for an aliased array
modparm_legacy|name_buf=sixteen_chars_xx|fit in 15 chars|string longer than its char-array buffer
modparm_legacy|essid=eight_ch|fit in 7 chars|string longer than the char array of an "s"
modparm_legacy_cb|pair=1|invalid for parameter `pair|fewer elements than the old minimum count
modparm_legacy_cb|pair=1,2,3,4,5|pair: can only take 4 arguments|too many array elements'

nr=0
npass=0
nfail=0
nskip=0

ok()
{
	nr=$((nr + 1))
	npass=$((npass + 1))
	echo "ok $nr $*"
}

not_ok()
{
	nr=$((nr + 1))
	nfail=$((nfail + 1))
	echo "not ok $nr $*"
}

skip()
{
	nr=$((nr + 1))
	nskip=$((nskip + 1))
	echo "ok $nr # SKIP $*"
}

diag()
{
	echo "# $*"
}

totals()
{
	echo "# Totals: pass:$npass fail:$nfail xfail:0 xpass:0 skip:$nskip error:0"
}

rows()
{
	echo "$1" | grep -c '|'
}

good_rows()
{
	eval "echo \"\$GOOD_$1\""
}

default_rows()
{
	eval "echo \"\$DEFAULTS_$1\""
}

loaded()
{
	grep -q "^$1 " /proc/modules
}

no_sysfs_expected()
{
	case $PERM in
	0 | 00 | 000 | 0000) return 0 ;;
	esac
	return 1
}

# check_proc MODULE PARAM EXPECTED WHAT: the value the module itself
# reports in /proc/MODULE; WHAT names it in the result ("received",
# "default").
check_proc()
{
	got=$(sed -n "s/^$2=//p" "/proc/$1" 2>/dev/null)
	if [ "$got" = "$3" ]; then
		ok "$1 $4 $2=$3"
	else
		diag "/proc/$1 says $2='$got', expected '$3'"
		not_ok "$1 $4 $2=$3"
	fi
}

# check_value MODULE PARAM EXPECTED [SYSFS]: the module's own report,
# then the sysfs file.
check_value()
{
	check_proc "$1" "$2" "$3" received

	sys="/sys/module/$1/parameters/$2"
	if no_sysfs_expected; then
		if [ -e "$sys" ]; then
			diag "$sys exists although the permission is $PERM"
			not_ok "$1 no sysfs file for $2 with permission $PERM"
		else
			ok "$1 no sysfs file for $2 with permission $PERM"
		fi
		return
	fi
	want=${4:-$3}
	got=$(cat "$sys" 2>/dev/null)
	if [ "$got" = "$want" ]; then
		ok "$1 sysfs $2=$want"
	else
		diag "$sys says '$got', expected '$want'"
		not_ok "$1 sysfs $2=$want"
	fi
}

# load_good MODULE: one insmod with every good value of the module, the
# checks, then rmmod.
load_good()
{
	m=$1
	table=$(good_rows "$m")
	args=$(echo "$table" | awk -F'|' 'NF >= 3 { printf "%s=%s ", $1, $2 }')

	dmesg -c >/dev/null 2>&1
	# One word per parameter=value: $args is split on purpose.
	# shellcheck disable=SC2086
	if insmod "$MODDIR/$m.ko" $args 2>/tmp/insmod.err && loaded "$m"; then
		ok "$m insmod with a value for every parameter"
	else
		diag "insmod $MODDIR/$m.ko $args failed: $(cat /tmp/insmod.err)"
		dmesg | sed 's/^/# dmesg: /'
		not_ok "$m insmod with a value for every parameter"
	fi

	# A here-document, not a pipe: the loop must update the counters.
	while IFS='|' read -r param _value expected sysfs; do
		[ -n "$param" ] || continue
		check_value "$m" "$param" "$expected" "$sysfs"
	done <<ROWS
$table
ROWS

	if rmmod "$m" 2>/tmp/rmmod.err && ! loaded "$m"; then
		ok "$m rmmod"
	else
		diag "rmmod $m failed: $(cat /tmp/rmmod.err)"
		not_ok "$m rmmod"
	fi
	if [ -e "/proc/$m" ]; then
		not_ok "$m /proc/$m removed on unload"
	else
		ok "$m /proc/$m removed on unload"
	fi
}

# load_defaults MODULE: insmod without parameters, the defaults, rmmod.
load_defaults()
{
	m=$1
	table=$(default_rows "$m")

	if insmod "$MODDIR/$m.ko" 2>/tmp/insmod.err && loaded "$m"; then
		ok "$m insmod without parameters"
	else
		diag "insmod $MODDIR/$m.ko failed: $(cat /tmp/insmod.err)"
		not_ok "$m insmod without parameters"
	fi
	while IFS='|' read -r param expected; do
		[ -n "$param" ] || continue
		check_proc "$m" "$param" "$expected" default
	done <<ROWS
$table
ROWS
	rmmod "$m" 2>/dev/null
}

# load_bad MODULE PARAM=VALUE MESSAGE WHY: the kernel must refuse the
# module, say why, and leave it unloaded.
load_bad()
{
	m=$1
	name="$m rejects $2 ($4)"

	dmesg -c >/dev/null 2>&1
	if insmod "$MODDIR/$m.ko" "$2" 2>/dev/null; then
		diag "insmod $m $2 succeeded"
		rmmod "$m" 2>/dev/null
		not_ok "$name"
		return
	fi
	if loaded "$m"; then
		diag "$m is in /proc/modules after a failed insmod"
		rmmod "$m" 2>/dev/null
		not_ok "$name"
		return
	fi
	if ! dmesg | grep -qF "$3"; then
		diag "the kernel log does not say '$3':"
		dmesg | sed 's/^/# dmesg: /'
		not_ok "$name"
		return
	fi
	ok "$name"
}

# Per module: insmod, two checks per good row, rmmod, /proc entry gone;
# insmod without parameters and one check per default row.
plan=0
for m in $MODULES; do
	plan=$((plan + 3 + 2 * $(rows "$(good_rows "$m")")))
	plan=$((plan + 1 + $(rows "$(default_rows "$m")")))
done
plan=$((plan + $(rows "$BAD")))

echo "TAP version 13"
echo "1..$plan"

if [ ! -r /proc/modules ]; then
	diag "no /proc/modules: the kernel has no module support"
	while [ "$nr" -lt "$plan" ]; do
		skip "module support missing"
	done
	totals
	exit 4
fi

for m in $MODULES; do
	[ -r "$MODDIR/$m.ko" ] || diag "$MODDIR/$m.ko is missing"
	load_good "$m"
	load_defaults "$m"
done

while IFS='|' read -r m arg msg why; do
	[ -n "$m" ] || continue
	load_bad "$m" "$arg" "$msg" "$why"
done <<ROWS
$BAD
ROWS

totals
[ "$nfail" -eq 0 ] || exit 1
exit 0
