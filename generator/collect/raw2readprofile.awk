# The program of raw2readprofile.sh (see there); needs hex32.awk.
# Variables: map (System.map), raw (the profile's name, for messages),
# sections (the ".text.NAME" sections of vmlinux.o).  Input: od -tu4
# of the raw profile, one counter a line.
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
}
