#!/bin/sh
# Read the profiles that guest/profile-set left on the second disk.
#
# usage: extract-profiles.sh DISK.img KBUILD_OUT OUTDIR CLASS...
#
# Slot i of DISK.img (8 MiB each) holds the raw /proc/profile of the
# i-th CLASS.  Writes OUTDIR/raw/CLASS.raw (exactly as long as the
# kernel's buffer) and OUTDIR/CLASS.txt (readprofile(1) text, which is
# what is committed: it needs no System.map to be read again), made by
# profile2linkerlist --print-profile with the System.map and the
# vmlinux.o section names of the kernel build KBUILD_OUT.  P2L names the
# profile2linkerlist to use (default: build/bin/ of this checkout).
set -eu
here=$(dirname "$0")
p2l=${P2L:-$here/../../build/bin/profile2linkerlist}
[ -x "$p2l" ] || { echo "extract-profiles: $p2l: not built; run 'make -C generator'" >&2; exit 1; }
[ $# -ge 4 ] || { echo "usage: extract-profiles.sh DISK.img KBUILD_OUT OUTDIR CLASS..." >&2; exit 2; }
disk=$1 map=$2/System.map vmo=$2/vmlinux.o out=$3
shift 3
[ -s "$disk" ] || { echo "extract-profiles: $disk: missing or empty" >&2; exit 1; }
[ -s "$map" ] || { echo "extract-profiles: $map: missing or empty" >&2; exit 1; }
[ -s "$vmo" ] || { echo "extract-profiles: $vmo: missing or empty" >&2; exit 1; }
mkdir -p "$out/raw"
objdump -h "$vmo" | awk '$2 ~ /^\.text\./ { print $2 }' > "$out/sections"
bounds=$(awk '$3 == "_stext" { s = $1 } $3 == "_etext" { e = $1 }
	END { if (s && e) print substr(s, length(s) - 7), substr(e, length(e) - 7) }' "$map")
[ -n "$bounds" ] || { echo "extract-profiles: $map: no _stext/_etext" >&2; exit 1; }
stext=${bounds% *} etext=${bounds#* }
i=0
for class in "$@"; do
	slot=$((i * 2048))
	# The first u32 is the step: bytes of text per counter.
	step=$(dd if="$disk" bs=4096 skip=$slot count=1 2>/dev/null | od -An -tu4 -N4 | tr -d ' ')
	case $step in
	'' | *[!0-9]*) echo "extract-profiles: $disk: slot $i ($class): no profile" >&2; exit 1 ;;
	esac
	[ "$step" -ge 2 ] && [ "$step" -le 65536 ] ||
		{ echo "extract-profiles: $disk: slot $i ($class): step $step is not a profile step" >&2; exit 1; }
	bytes=$(( ((0x$etext - 0x$stext) / step + 1) * 4 ))
	[ "$bytes" -le $((2048 * 4096)) ] ||
		{ echo "extract-profiles: $map: a profile of $bytes bytes does not fit a slot" >&2; exit 1; }
	dd if="$disk" bs=4096 skip=$slot count=$(( (bytes + 4095) / 4096 )) 2>/dev/null |
		head -c "$bytes" > "$out/raw/$class.raw"
	"$p2l" -f procprofile -m "$map" --sections "$out/sections" --print-profile \
		-o "$out/$class.txt" "$out/raw/$class.raw"
	echo "extract-profiles: $class: $(tail -n 1 "$out/$class.txt" | awk '{ print $1 }') ticks"
	i=$((i + 1))
done
