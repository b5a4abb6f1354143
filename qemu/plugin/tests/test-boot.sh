#!/bin/sh
# Boot the built kernel without a root file system under -icount with the
# kernel-fetch plugin (it panics at the end of boot, which ends QEMU),
# and check what the plugin wrote (KTAP).
#
# usage: test-boot.sh KBUILD_OUT PLUGIN PROFILE2LINKERLIST OUTDIR
set -u
[ $# -eq 4 ] || { echo "usage: test-boot.sh KBUILD_OUT PLUGIN PROFILE2LINKERLIST OUTDIR" >&2; exit 2; }
kout=$1 so=$2 p2l=$3 out=$4
map=$kout/System.map
. "$(dirname "$0")/../../../scripts/ktap.sh"
# holds CONDITION NAME: the test is a shell condition
holds() { if eval "$1"; then ok "$2"; else not_ok "$2"; fi; }

for f in "$kout/arch/x86/boot/bzImage" "$map" "$so" "$p2l"; do
	[ -f "$f" ] || { echo "Bail out! $f not found"; exit 1; }
done
rm -rf "$out"
mkdir -p "$out"
# boot DIR PREFIX [QEMU ARGS]: the kernel under the plugin, writing
# PREFIX.*, console and QEMU's output in DIR; one vCPU, as qemu/run.sh
# boots plugin runs.
boot() {
	d=$1 pre=$2
	shift 2
	timeout -k 5 600 qemu-system-x86_64 -accel tcg -icount shift=0 -cpu max -m 256M -smp 1 \
		-kernel "$kout/arch/x86/boot/bzImage" "$@" \
		-append "console=ttyS0 panic=-1 nokaslr loglevel=4" \
		-display none -monitor none -no-reboot -serial "file:$d/console.log" \
		-plugin "$so,map=$map,out=$pre" > "$d/qemu.log" 2>&1
}

p=$out/boot
echo "# booting $kout/arch/x86/boot/bzImage under -icount with $so"
boot "$out" "$p"
rc=$?
holds '[ $rc -eq 0 ] && grep -q "Kernel panic" "$out/console.log" && [ -s $p.profile ] && [ -s $p.edges ] && [ -s $p.pages ] && [ -s $p.reps ] && [ -s $p.stats ]' \
	"QEMU loads the plugin, boots to the missing-root panic, the plugin writes profile, edges, pages, reps, stats (QEMU status $rc)"
[ -s "$p.stats" ] || { sed 's/^/# /' "$out/qemu.log" | tail -n 5; finish; exit 1; }
stat() { awk -v k="$1" '$1 == k { print $2 }' "$p.stats"; }
sed 's/^/# /' "$p.stats"

# The profile's lines add up to its total, and to the instructions the
# caches saw; nearly all of them fall in System.map's functions (the
# kernel ran where it was linked: nokaslr).
sum=$(awk '$2 != "total" { s += $1 } END { printf "%d", s }' "$p.profile")
total=$(awk '$2 == "total" { print $1 }' "$p.profile")
unknown=$(stat unknown_insns)
holds '[ "$sum" = "$total" ] && [ "$total" = "$(stat kernel_insns)" ]' \
	"profile lines add up to its total and to the kernel instructions counted ($sum, $total, $(stat kernel_insns))"
holds '[ "$total" -gt 1000000 ] && [ $((unknown * 1000)) -lt "$total" ]' \
	"$total kernel instructions, under 0.1% outside System.map's functions ($unknown)"

# Boot clears and copies memory with rep string instructions: each
# counted once, TCG ran them once per iteration.
rsum=$(awk '{ e += $3; t += $4 } END { printf "%d %d", e, t }' "$p.reps")
holds '[ "$rsum" = "$(stat rep_insns) $(stat rep_insns_tcg)" ] && [ "$(stat rep_insns_tcg)" -gt "$(stat rep_insns)" ] && [ $(($(stat kernel_insns_tcg) - $(stat kernel_insns))) -eq $(($(stat rep_insns_tcg) - $(stat rep_insns))) ]' \
	"rep instructions: $(stat rep_insns) executions, $(stat rep_insns_tcg) TCG iterations, as .reps adds them up ($rsum); the instruction counts differ by the iterations after the first"
sed 's/^/# /' "$p.reps" | head -n 3

# Every counted instruction lies in one 4 KiB page of the page counts.
psum=$(awk '{ s += $2 } END { printf "%d", s }' "$p.pages")
holds '[ "$psum" = "$(stat kernel_insns)" ] && [ "$(wc -l < $p.pages)" -gt 100 ]' \
	"page counts add up to the kernel instructions ($psum over $(wc -l < "$p.pages") pages)"

# Functions that every boot runs, with calls between them.
holds 'grep -q " start_kernel " "$p.profile" && awk "\$2 == \"start_kernel\"" "$p.edges" | grep -q .' \
	"start_kernel counted, with calls from it ($(awk '$2 == "start_kernel"' "$p.edges" | wc -l) callees)"
bad=$(awk 'NR == FNR { if ($2 ~ /^[tTwW]$/) f[$3] = 1; next } !($2 in f) || !($3 in f)' "$map" "$p.edges" | head -n 3)
holds '[ -z "$bad" ] && [ "$(wc -l < $p.edges)" -gt 100 ]' \
	"$(wc -l < "$p.edges") call edges, all between System.map functions${bad:+ (not: $bad)}"

# Miss counts nest: a page walk is an L1 iTLB miss, and a 2 MiB entry
# covers 512 4 KiB ones.
holds '[ "$(stat itlb4k_walk)" -le "$(stat itlb4k_l1)" ] && [ "$(stat itlb2m)" -le "$(stat itlb4k_l1)" ] && [ "$(stat l1i)" -gt 0 ]' \
	"iTLB walks <= L1 iTLB misses, 2 MiB misses <= 4 KiB L1 misses, L1i misses counted"

# The generator reads the profile as readprofile(1) output.
"$p2l" -f readprofile -m "$map" -b 0 -o "$out/list" "$p.profile" 2> "$out/p2l.err"
prc=$?
# It reports each line it skips as FILE:LINE on standard error.
holds '[ $prc -eq 0 ] && ! grep -q "$p.profile:[0-9]" "$out/p2l.err" && [ "$(grep -c "^\*(\.text\." "$out/list")" -gt 100 ]' \
	"profile2linkerlist -f readprofile reads it: $(grep -c '^\*(\.text\.' "$out/list" 2>/dev/null) functions listed (status $prc)"
sed 's/^/# /' "$out/p2l.err" | head -n 5

# Regions: a static /init marks three times around 1,000 getppid()
# calls.  The plugin writes regions 0, 1 and 2, and the tail at exit.
gen=$kout/usr/gen_init_cpio
r=$out/regions/region
mkdir -p "$out/regions"
if [ -x "$gen" ] && gcc -static -O2 -Wall -Wextra -Werror -o "$out/regions/init" \
	"$(dirname "$0")/mark-init.c" 2> "$out/regions/gcc.log"; then
	printf 'dir /dev 0755 0 0\nnod /dev/console 0600 0 0 c 5 1\nfile /init %s 0755 0 0\n' \
		"$out/regions/init" > "$out/regions/list"
	"$gen" "$out/regions/list" > "$out/regions/initrd.cpio"
	boot "$out/regions" "$r" -initrd "$out/regions/initrd.cpio"
	rc=$?
	holds '[ $rc -eq 0 ] && [ -s $r.0.profile ] && [ -s $r.1.profile ] && [ -s $r.2.profile ] && [ ! -e $r.3.profile ] && [ -s $r.profile ]' \
		"three marks give regions 0, 1 and 2 and the tail (QEMU status $rc)"
	calls=$(awk '$2 == "__x64_sys_getppid" || $2 == "__do_sys_getppid" { print $1 }' "$r.1.profile" | head -n 1)
	holds '[ -n "$calls" ] && ! grep -q "getppid" "$r.2.profile"' \
		"getppid runs in region 1 only (${calls:-no} instructions there)"
	holds '[ "$(awk "\$2 == \"total\" { print \$1 }" $r.2.profile)" -lt "$(awk "\$2 == \"total\" { print \$1 }" $r.1.profile)" ]' \
		"region 2, two marks in a row, holds less kernel work than region 1"
else
	skip "regions" "no $gen or no static gcc ($(head -n 1 "$out/regions/gcc.log" 2>/dev/null))"
	skip "regions: getppid"
	skip "regions: empty region"
fi

finish
