# The text symbols of "nm -n -S" output, each with a size, printed as
# nm prints them ("ADDRESS SIZE TYPE NAME", hexadecimal).
#
# A symbol nm gives no size (an assembly label such as
# entry_SYSCALL_64_after_hwframe, a section bound such as
# __sched_text_start) gets the distance to the next higher text
# symbol: code executed under it runs up to there, and that is what
# profile2linkerlist --system-map takes from a whole map.  The input
# must be in address order; anything else is an error, not a wrong size.
# Needs hex32.awk.
$(NF - 1) ~ /^[tTwW]$/ && NF >= 3 {
	n++
	addr[n] = $1
	a[n] = hex32($1)
	type[n] = $(NF - 1)
	name[n] = $NF
	size[n] = NF == 4 ? $2 : ""
	if (n > 1 && a[n] < a[n - 1]) {
		printf "%s:%d: %s is below the symbol before it: not in address order\n",
			FILENAME, FNR, $NF > "/dev/stderr"
		bad = 1
		exit 1
	}
}
END {
	if (bad)
		exit 1
	for (i = 1; i <= n; i++) {
		s = size[i]
		if (s == "") {
			for (j = i + 1; j <= n && a[j] == a[i]; j++)
				;
			s = sprintf("%016x", j <= n ? a[j] - a[i] : 0)
		}
		print addr[i], s, type[i], name[i]
	}
}
