#!/bin/sh
# Turn a raw /proc/profile into readprofile(1) text, with System.map.
#
# usage: raw2readprofile.sh PROFILE.raw System.map [SECTIONS] > PROFILE.txt
#
# The raw file is what the kernel exports: a u32 step (bytes per
# counter, 1 << the profile= shift), then one u32 tick counter per step
# bytes of text from _stext.  Each counter goes
# to the text symbol at or below its address, as readprofile does, and
# every symbol with ticks prints "ticks name ticks-per-byte".  The text
# form needs no System.map to be read again, so it is what is committed.
# Addresses are compared by their low 32 bits: kernel text lies within
# one 4 GiB window and awk's doubles cannot hold 64-bit addresses.
#
# Several symbols can share an address: a SYSCALL_DEFINE stub is an
# alias of __do_sys_*, GCC's identical code folding makes aliases.
# Only the name of the function's own section can place it, so with
# SECTIONS (the ".text.NAME" section names of the kernel's vmlinux.o,
# one a line) the ticks go to the name that has a section; otherwise,
# as readprofile does, to the last name at the address.
set -eu
[ $# -eq 2 ] || [ $# -eq 3 ] ||
	{ echo "usage: raw2readprofile.sh PROFILE.raw System.map [SECTIONS]" >&2; exit 2; }
raw=$1 map=$2 sections=${3:-/dev/null}
[ -s "$raw" ] || { echo "raw2readprofile: $raw: missing or empty" >&2; exit 1; }
[ -s "$map" ] || { echo "raw2readprofile: $map: missing or empty" >&2; exit 1; }

[ -r "$sections" ] || { echo "raw2readprofile: $sections: cannot read" >&2; exit 1; }

od -An -v -tu4 -w4 "$raw" | awk -v map="$map" -v raw="$raw" -v sections="$sections" '
function hex32(s,    i, v) {
	s = tolower(substr(s, length(s) - 7))
	v = 0
	for (i = 1; i <= 8; i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v
}
BEGIN {
	while ((getline line < sections) > 0)
		if (line ~ /^\.text\./)
			hassec[substr(line, 7)] = 1
	n = 0
	while ((getline line < map) > 0) {
		split(line, f, " ")
		if (f[3] == "_stext")
			stext = hex32(f[1])
		if (f[3] == "_etext")
			etext = hex32(f[1])
		if (f[2] !~ /^[tTwW]$/)
			continue
		a = hex32(f[1])
		# Same address as the symbol before: one function, one name.
		if (n > 0 && addr[n - 1] == a) {
			if (!(name[n - 1] in hassec) || (f[3] in hassec))
				name[n - 1] = f[3]
			continue
		}
		addr[n] = a
		name[n] = f[3]
		n++
	}
	if (stext == "" || etext == "") {
		print "raw2readprofile: " map ": no _stext/_etext" > "/dev/stderr"
		exit 1
	}
	j = -1
}
NR == 1 {
	step = $1
	if (step < 1 || step > 65536 || step != int(step)) {
		print "raw2readprofile: " raw ": step " step " is not a profile step" > "/dev/stderr"
		bad = 1
		exit 1
	}
	next
}
{
	pc = stext + (NR - 2) * step
	if ($1 == 0)
		next
	if (pc >= etext) {
		print "raw2readprofile: " raw ": buckets past _etext; wrong System.map?" > "/dev/stderr"
		bad = 1
		exit 1
	}
	# Buckets come in address order: advance to the last symbol <= pc.
	while (j + 1 < n && addr[j + 1] <= pc)
		j++
	if (j < 0)
		next
	ticks[j] += $1
}
END {
	if (bad || NR == 0)
		exit 1
	total = 0
	for (k = 0; k < n; k++) {
		if (!(k in ticks))
			continue
		size = (k + 1 < n ? addr[k + 1] : etext) - addr[k]
		if (size <= 0)
			size = 1
		printf "%6u %-40s %8.4f\n", ticks[k], name[k], ticks[k] / size
		total += ticks[k]
	}
	printf "%6u %-40s %8.4f\n", total, "total", total / (etext - stext)
}'
