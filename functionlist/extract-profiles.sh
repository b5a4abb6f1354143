#!/bin/sh
# Read the profiles that guest/profile-set left on the second disk.
#
# usage: extract-profiles.sh DISK.img System.map OUTDIR CLASS...
#
# Slot i of DISK.img (4 MiB each) holds the raw /proc/profile of the
# i-th CLASS.  Writes OUTDIR/raw/CLASS.raw (exactly as long as the
# kernel's buffer) and OUTDIR/CLASS.txt (readprofile(1) text).
set -eu
here=$(dirname "$0")
[ $# -ge 4 ] || { echo "usage: extract-profiles.sh DISK.img System.map OUTDIR CLASS..." >&2; exit 2; }
disk=$1 map=$2 out=$3
shift 3
[ -s "$disk" ] || { echo "extract-profiles: $disk: missing or empty" >&2; exit 1; }
set -- "$@"
bounds=$(awk '$3 == "_stext" { s = $1 } $3 == "_etext" { e = $1 }
	END { if (s && e) print substr(s, length(s) - 7), substr(e, length(e) - 7) }' "$map")
[ -n "$bounds" ] || { echo "extract-profiles: $map: no _stext/_etext" >&2; exit 1; }
stext=${bounds% *} etext=${bounds#* }
mkdir -p "$out/raw"
i=0
for class in "$@"; do
	slot=$((i * 1024))
	shift_bits=$(dd if="$disk" bs=4096 skip=$slot count=1 2>/dev/null | od -An -tu4 -N4 | tr -d ' ')
	case $shift_bits in
	'' | *[!0-9]*) echo "extract-profiles: $disk: slot $i ($class): no profile" >&2; exit 1 ;;
	esac
	[ "$shift_bits" -ge 1 ] && [ "$shift_bits" -le 16 ] ||
		{ echo "extract-profiles: $disk: slot $i ($class): step shift $shift_bits is not a profile" >&2; exit 1; }
	bytes=$(( ((0x$etext - 0x$stext) / (1 << shift_bits) + 1) * 4 ))
	dd if="$disk" bs=4096 skip=$slot count=$(( (bytes + 4095) / 4096 )) 2>/dev/null |
		head -c "$bytes" > "$out/raw/$class.raw"
	"$here/raw2readprofile.sh" "$out/raw/$class.raw" "$map" > "$out/$class.txt"
	echo "extract-profiles: $class: $(tail -n 1 "$out/$class.txt" | awk '{ print $1 }') ticks"
	i=$((i + 1))
done
