# The program of layout-table.sh (see there); needs hex32.awk.
# Input: nm -n -S of a vmlinux.
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
}
