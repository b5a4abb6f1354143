#!/bin/sh
# Configure the reorder benchmark's kernel from Debian's: the amd64
# configuration of linux-config-6.1 (the kernel Debian ships), reduced
# to what the QEMU guest and the workloads use, in the spirit of
# localmodconfig: every module off, the guest's devices built in, no
# debug information (bench.config says what and why).  Every option that
# decides the code the compiler generates or the text layout keeps
# Debian's value, checked here: an error names any that changed.
#
# usage: bench-config.sh KSRC OBJDIR LIST
#   writes OBJDIR/.config (the list read from LIST) and
#   OBJDIR/bench-config.removed, the options Debian sets that this
#   configuration does not, with a count on standard output.
set -eu
die() { echo "bench-config: error: $*" >&2; exit 1; }
[ $# -eq 3 ] || die "usage: bench-config.sh KSRC OBJDIR LIST"
ksrc=$1 obj=$2 list=$3
here=$(cd "$(dirname "$0")" && pwd)
debian=${DEBIAN_CONFIG:-/usr/src/linux-config-6.1/config.amd64_none_amd64.xz}
[ -f "$debian" ] || die "$debian: not found; install the Debian package linux-config-6.1 (scripts/ensure-deps.sh --bench)"
[ -f "$ksrc/Makefile" ] || die "$ksrc: no kernel tree"
mkdir -p "$obj"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

xzcat "$debian" > "$tmp/debian" || die "cannot read $debian"
# Every module off; bench.config then builds in what the guest needs.
sed -E 's/^(CONFIG_[A-Za-z0-9_]+)=m$/# \1 is not set/' "$tmp/debian" > "$tmp/config"
{ cat "$here/bench.config"; printf 'CONFIG_FUNCTION_REORDER_LIST="%s"\n' "$list"; } > "$tmp/fragment"
"$ksrc/scripts/kconfig/merge_config.sh" -m -O "$tmp" "$tmp/config" "$tmp/fragment" > "$tmp/merge.log" 2>&1 ||
	die "merge_config.sh failed: $(tail -n 5 "$tmp/merge.log")"
cp "$tmp/.config" "$obj/.config"
make -s -C "$ksrc" O="$obj" olddefconfig > "$tmp/olddefconfig.log" 2>&1 ||
	die "olddefconfig failed: $(tail -n 5 "$tmp/olddefconfig.log")"

# value FILE OPTION: "y", "m", a string or number, or "n".
value() { awk -v o="$2" -F= '$1 == o { sub(/^[^=]*=/, ""); print; f = 1; exit } END { if (!f) print "n" }' "$1"; }
bad=0
n=0
while IFS= read -r line; do
	n=$((n + 1))
	case $line in
	CONFIG_*=*) want=${line#*=} opt=${line%%=*} ;;
	"# CONFIG_"*" is not set") opt=${line#\# } opt=${opt%% *} want=n ;;
	*) continue ;;
	esac
	[ "$opt" = CONFIG_FUNCTION_REORDER_LIST ] && continue
	got=$(value "$obj/.config" "$opt")
	[ "$got" = "$want" ] || { echo "bench-config: error: $here/bench.config:$n: $opt=$want did not stick ($got)" >&2; bad=1; }
done < "$here/bench.config"
[ "$(value "$obj/.config" CONFIG_FUNCTION_REORDER_LIST)" = "\"$list\"" ] ||
	{ echo "bench-config: error: CONFIG_FUNCTION_REORDER_LIST is not $list" >&2; bad=1; }
# Code generation and layout: Debian's, whatever the reduction did.
for opt in X86_KERNEL_IBT RETPOLINE RETHUNK CPU_UNRET_ENTRY CPU_IBPB_ENTRY CPU_IBRS_ENTRY \
	CPU_SRSO SLS PAGE_TABLE_ISOLATION SLUB SLAB SLOB PREEMPT_NONE PREEMPT_VOLUNTARY PREEMPT \
	PREEMPT_DYNAMIC HZ CC_OPTIMIZE_FOR_PERFORMANCE CC_OPTIMIZE_FOR_SIZE STACKPROTECTOR \
	STACKPROTECTOR_STRONG INIT_STACK_ALL_ZERO ZERO_CALL_USED_REGS FUNCTION_TRACER \
	DYNAMIC_FTRACE FTRACE_MCOUNT_USE_OBJTOOL PARAVIRT RANDOMIZE_BASE PHYSICAL_START \
	PHYSICAL_ALIGN DEBUG_FORCE_FUNCTION_ALIGN_64B LTO_NONE UNWINDER_ORC FRAME_POINTER \
	KASAN KCSAN UBSAN GCOV_KERNEL CGROUPS AUDIT SECURITY_SELINUX SECURITY_APPARMOR \
	EXT4_FS TMPFS; do
	d=$(value "$tmp/debian" "CONFIG_$opt")
	case $opt in EXT4_FS) [ "$d" = m ] && d=n ;; esac
	got=$(value "$obj/.config" "CONFIG_$opt")
	[ "$got" = "$d" ] || { echo "bench-config: error: CONFIG_$opt is $got, Debian's is $d" >&2; bad=1; }
done
[ "$bad" -eq 0 ] || die "$obj/.config is not Debian's code generation; see above"

# What Debian sets that this configuration does not, for the README.
grep -E '^CONFIG_[A-Za-z0-9_]+=' "$tmp/debian" | LC_ALL=C sort > "$tmp/d"
grep -E '^CONFIG_[A-Za-z0-9_]+=' "$obj/.config" | LC_ALL=C sort > "$tmp/b"
LC_ALL=C comm -23 "$tmp/d" "$tmp/b" > "$obj/bench-config.removed"
mods=$(grep -c '=m$' "$obj/bench-config.removed" || true)
ys=$(grep -vc '=m$' "$obj/bench-config.removed" || true)
echo "bench-config: $obj/.config: Debian's $(basename "$debian") without $mods modules and $ys other settings ($obj/bench-config.removed); $(grep -c '=y$' "$obj/.config") options built in"
