# Add object placements to a function list (see find-objects.sh).
#
# usage: awk -f place-objects.awk objects.txt LIST > LIST-with-objects
#
# LIST is profile2linkerlist's output, "*(.text.NAME)" lines, hottest
# first.  Every line is kept.  A NAME that lives in the plain .text of
# an object (assembly) adds a "*OBJECT(.text)" line right after its own,
# the first time that object comes up.  NAMEs in .noinstr.text and
# .sched.text collect their objects, in the order they come up, into
# FUNCTION_REORDER_NOINSTR(X) and FUNCTION_REORDER_SCHED(X), defined at
# the top: the linker script puts those objects first within the
# sections' bounds, which must stay whole.
#
# The linker script goes through cpp, which predefines lowercase
# "linux" and "unix" (and "i386" on 32-bit hosts) as 1: such path
# components are written with their last letter as a one-letter
# wildcard class, "uni[x]", which matches the same file.
function pattern(obj,    n, i, c, p) {
	n = split(obj, c, "/")
	p = "*"
	for (i = 1; i <= n; i++) {
		if (c[i] == "linux" || c[i] == "unix" || c[i] == "i386")
			c[i] = substr(c[i], 1, length(c[i]) - 1) "[" substr(c[i], length(c[i])) "]"
		p = p (i > 1 ? "/" : "") c[i]
	}
	return p
}
NR == FNR {
	if (NF != 3) {
		printf "place-objects: %s:%d: want NAME SECTION OBJECT\n", FILENAME, FNR > "/dev/stderr"
		bad = 1
		exit 1
	}
	objs[$1] = objs[$1] " " $2 " " $3
	next
}
{
	body[++nbody] = $0
	name = $0
	if (!sub(/^\*\(\.text\./, "", name) || !sub(/\)$/, "", name) || !(name in objs))
		next
	n = split(objs[name], f, " ")
	for (i = 1; i + 1 <= n; i += 2) {
		sec = f[i]
		obj = f[i + 1]
		if ((sec, obj) in seen)
			continue
		seen[sec, obj] = 1
		if (sec == ".text")
			body[++nbody] = pattern(obj) "(.text)"
		else if (sec == ".noinstr.text")
			noinstr[++nnoinstr] = pattern(obj)
		else if (sec == ".sched.text")
			sched[++nsched] = pattern(obj)
	}
}
function define(macro, list, n,    i) {
	if (!n)
		return
	printf "#define %s(X)", macro
	for (i = 1; i <= n; i++)
		printf " \\\n\tX(%s)", list[i]
	printf "\n"
}
END {
	if (bad)
		exit 1
	define("FUNCTION_REORDER_NOINSTR", noinstr, nnoinstr)
	define("FUNCTION_REORDER_SCHED", sched, nsched)
	for (i = 1; i <= nbody; i++)
		print body[i]
}
