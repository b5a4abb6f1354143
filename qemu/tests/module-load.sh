#!/bin/sh
# An out-of-tree module built against our tree loads with a parameter on
# the insmod line, shows it in sysfs and unloads.
n=0 failed=0
result() {
	n=$((n + 1))
	if [ "$1" = 0 ]; then
		echo "ok $n $2"
	else
		echo "not ok $n $2"
		failed=1
	fi
}
echo "TAP version 13"
echo "1..4"
mod=/modules/ktest_param.ko
insmod "$mod" answer=42 2>&1 | sed 's/^/# /'
grep -q '^ktest_param ' /proc/modules
result $? "insmod $mod answer=42"
val=$(cat /sys/module/ktest_param/parameters/answer 2>/dev/null)
echo "# /sys/module/ktest_param/parameters/answer = '$val'"
[ "$val" = 42 ]
result $? "parameter value visible in sysfs"
rmmod ktest_param 2>&1 | sed 's/^/# /'
! grep -q '^ktest_param ' /proc/modules
result $? "rmmod ktest_param"
! insmod "$mod" answer=notanumber 2>/dev/null && ! grep -q '^ktest_param ' /proc/modules
result $? "insmod rejects answer=notanumber"
exit $failed
