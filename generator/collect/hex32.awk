# hex32(s): the low 32 bits of the hexadecimal number s, as a number.
# awk's doubles cannot hold a 64-bit address exactly; kernel text lies
# within one 4 GiB window, and function sizes and page numbers within
# it are far smaller.  Loaded with "awk -f hex32.awk -f PROGRAM".
function hex32(s,    i, v) {
	s = tolower(s)
	if (length(s) > 8)
		s = substr(s, length(s) - 7)
	v = 0
	for (i = 1; i <= length(s); i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v
}
