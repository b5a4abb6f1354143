#!/bin/sh
# Configure the test kernel: tinyconfig + our fragment, verified.
#
# usage: configure-kernel.sh KSRC OBJDIR FRAGMENT...
#
# merge_config.sh only warns when an option cannot be set (a missing
# dependency, a typo), so every option in the fragments is checked
# against the final .config and any that did not stick is an error.
set -eu

die() {
	echo "configure-kernel: error: $*" >&2
	exit 1
}

[ $# -ge 3 ] || die "usage: configure-kernel.sh KSRC OBJDIR FRAGMENT..."
ksrc=$1 obj=$2
shift 2
for f in "$@"; do
	[ -f "$f" ] || die "config fragment $f not found"
done
mkdir -p "$obj"

make -s -C "$ksrc" O="$obj" tinyconfig >/dev/null
"$ksrc/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "$@" > "$obj/merge_config.log" 2>&1 ||
	die "merge_config.sh failed, see $obj/merge_config.log"
make -s -C "$ksrc" O="$obj" olddefconfig >/dev/null

bad=0
for f in "$@"; do
	n=0
	while IFS= read -r line || [ -n "$line" ]; do
		n=$((n + 1))
		case $line in
		CONFIG_*=*)
			grep -qxF "$line" "$obj/.config" && continue
			opt=${line%%=*}
			got=$(grep -E "^$opt=|^# $opt is not set" "$obj/.config" || echo "absent")
			echo "configure-kernel: error: $f:$n: $line did not stick (.config has: $got)" >&2
			bad=1 ;;
		"# CONFIG_"*" is not set")
			opt=${line#\# }
			opt=${opt%% *}
			grep -qE "^$opt=" "$obj/.config" || continue
			echo "configure-kernel: error: $f:$n: $opt should be unset (.config has: $(grep -E "^$opt=" "$obj/.config"))" >&2
			bad=1 ;;
		esac
	done < "$f"
done
[ "$bad" -eq 0 ] || die "kernel configuration does not match the fragment; check dependencies with 'make O=$obj menuconfig'"
echo "configure-kernel: $obj/.config verified against $*"
