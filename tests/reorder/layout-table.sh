#!/bin/sh
# Print the text functions of a vmlinux as "offset size name", offsets
# from _text, in address order.
#
# usage: layout-table.sh VMLINUX
#
# Sizes come from the ELF symbol table; a symbol without one (assembly
# labels, section markers) reaches to the next symbol, but not past the
# 4 KiB page it starts in: markers such as __entry_text_end are followed
# by alignment padding, not code.  Only [_text, _etext) is printed.  Offsets
# are taken from the low 32 bits: kernel text lies in one 4 GiB window.
set -eu
[ $# -eq 1 ] || { echo "usage: layout-table.sh VMLINUX" >&2; exit 2; }
[ -f "$1" ] || { echo "layout-table: $1: not found" >&2; exit 1; }
nm -n -S "$1" | awk '
function hex32(s,    i, v) {
	s = tolower(substr(s, length(s) - 7))
	v = 0
	for (i = 1; i <= 8; i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v
}
NF == 4 { a = hex32($1); sz = hex32($2); t = $3; name = $4 }
NF == 3 { a = hex32($1); sz = -1; t = $2; name = $3 }
NF != 3 && NF != 4 { next }
name == "_text" { text = a }
name == "_etext" { etext = a }
t ~ /^[tTwW]$/ { n++; A[n] = a; S[n] = sz; N[n] = name }
END {
	if (text == "" || etext == "") {
		print "layout-table: no _text/_etext" > "/dev/stderr"
		exit 1
	}
	for (i = 1; i <= n; i++) {
		if (A[i] < text || A[i] >= etext)
			continue
		sz = S[i]
		if (sz < 0) {
			nxt = etext
			for (j = i + 1; j <= n; j++)
				if (A[j] > A[i]) { nxt = A[j]; break }
			sz = nxt - A[i]
			if (sz > 4096 - A[i] % 4096)
				sz = 4096 - A[i] % 4096
		}
		printf "%d %d %s\n", A[i] - text, sz, N[i]
	}
	printf "%d 0 _etext\n", etext - text
}'
