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
here=$(dirname "$0")
nm -n -S "$1" | awk -f "$here/hex32.awk" -f "$here/layout-table.awk"
