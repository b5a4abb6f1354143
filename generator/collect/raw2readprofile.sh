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

here=$(dirname "$0")
od -An -v -tu4 -w4 "$raw" | awk -v map="$map" -v raw="$raw" -v sections="$sections" \
	-f "$here/hex32.awk" -f "$here/raw2readprofile.awk"
