#!/bin/sh
# The text symbols of a kernel that profiles name, as "nm -S" gives them.
#
# usage: profile-sizes.sh VMLINUX PROFILE...
#
# PROFILEs are readprofile(1) text (the name in field 2) or .edges
# ("count caller callee").  profile2linkerlist --system-map reads the
# output to order by density or call chains (functionlist/sizes), so the
# list can be made again without the kernel.  A symbol nm gives no size
# (an assembly label, a section bound) gets the distance to the next
# higher text symbol, which the subset no longer holds: that is what the
# generator would take from the whole map.  Address order.
set -eu
[ $# -ge 2 ] || { echo "usage: profile-sizes.sh VMLINUX PROFILE..." >&2; exit 2; }
vmlinux=$1
shift
[ -f "$vmlinux" ] || { echo "profile-sizes: $vmlinux: not found" >&2; exit 1; }
hex32=$(cat "$(dirname "$0")/../../handwritten/reorder/tests/hex32.awk")
nm -n -S "$vmlinux" | awk "$hex32"'
	FILENAME != "-" {
		if (FILENAME ~ /\.edges$/) { want[$2] = 1; want[$3] = 1 } else want[$2] = 1
		next
	}
	$(NF - 1) ~ /^[tTwW]$/ {
		n++; addr[n] = $1; a[n] = hex32($1); type[n] = $(NF - 1); name[n] = $NF
		size[n] = NF == 4 ? $2 : ""
	}
	END {
		for (i = 1; i <= n; i++) {
			if (!(name[i] in want))
				continue
			s = size[i]
			if (s == "") {
				for (j = i + 1; j <= n && a[j] == a[i]; j++)
					;
				s = sprintf("%016x", j <= n ? a[j] - a[i] : 0)
			}
			print addr[i], s, type[i], name[i]
		}
	}' "$@" -
