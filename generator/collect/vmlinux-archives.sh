# vmlinux_archives PROG KBUILD_OUT: set $archives to the archives that
# vmlinux is linked from (vmlinux.a and the lib.a archives it links
# against), relative to KBUILD_OUT; exit 1 with PROG's name when
# vmlinux.a is missing.  Sourced by find-objects.sh and by the reorder
# benchmark's bench-units.sh, which both read every object of the kernel.
vmlinux_archives() {
	[ -s "$2/vmlinux.a" ] || { echo "$1: $2/vmlinux.a: missing or empty" >&2; exit 1; }
	archives=
	for a in vmlinux.a lib/lib.a arch/x86/lib/lib.a; do
		[ -f "$2/$a" ] && archives="$archives $a"
	done
	return 0
}
