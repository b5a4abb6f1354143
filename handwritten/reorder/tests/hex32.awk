# hex32(s): the low 32 bits of the hexadecimal address s, as a number.
# Kernel text lies within one 4 GiB window, and awk's doubles cannot
# hold a 64-bit address exactly.  For layout-table.sh
# (awk -f hex32.awk -f layout-table.awk).
function hex32(s,    i, v) {
	s = tolower(substr(s, length(s) - 7))
	v = 0
	for (i = 1; i <= 8; i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v
}
