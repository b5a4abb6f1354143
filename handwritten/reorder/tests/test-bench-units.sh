#!/bin/sh
# Unit test of bench-units.sh: the sections a list cannot split, found
# per object in thin archives of objects compiled here (C with section
# attributes, -ffunction-sections C, assembly in plain .text and in the
# entry text; one object in two archives, as objdump may list it).
# Every expected size is what the code below assembles to.
set -u
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$here/../../../scripts/ktap.sh"

mkdir -p "$tmp/k/kernel/sched" "$tmp/k/arch/x86/lib" "$tmp/k/arch/x86/entry"
cat > "$tmp/k/kernel/sched/core.c" <<'C'
__attribute__((section(".sched.text"))) void schedule(void) { }
__attribute__((section(".sched.text"))) void yield(void) { }
void plain_c(void) { }
C
cat > "$tmp/k/arch/x86/lib/copy.S" <<'S'
	.text
	.globl copy_user
copy_user:
	.skip 40
inner_label:
	.skip 24
S
cat > "$tmp/k/arch/x86/entry/entry_64.S" <<'S'
	.section .entry.text, "ax"
	.globl entry_SYSCALL_64
entry_SYSCALL_64:
	.skip 100
S
(cd "$tmp/k" &&
	gcc -c -O2 -fno-pic -fcf-protection=none -ffunction-sections -o kernel/sched/core.o kernel/sched/core.c &&
	gcc -c -o arch/x86/lib/copy.o arch/x86/lib/copy.S &&
	gcc -c -o arch/x86/entry/entry_64.o arch/x86/entry/entry_64.S &&
	ar rcST vmlinux.a kernel/sched/core.o arch/x86/entry/entry_64.o arch/x86/lib/copy.o &&
	ar rcST arch/x86/lib/lib.a arch/x86/lib/copy.o) ||
	{ echo "Bail out! cannot build the test objects"; exit 1; }
sched=$(objdump -h "$tmp/k/kernel/sched/core.o" | awk '$2 == ".sched.text" { print $3 }')

"$here/bench-units.sh" "$tmp/k" > "$tmp/units" 2> "$tmp/err"
same_text "$?" 0 "bench-units.sh runs on thin archives"
same_text "$(cat "$tmp/units")" "copy_user arch/x86/lib/copy.o:.text 64 0
entry_SYSCALL_64 arch/x86/entry/entry_64.o:.entry.text 100 1
inner_label arch/x86/lib/copy.o:.text 64 0
schedule kernel/sched/core.o:.sched.text $((0x$sched)) 0
yield kernel/sched/core.o:.sched.text $((0x$sched)) 0" \
	"each symbol with its object's whole section, counted once; entry text in its own pool; .text.NAME left out"
expect_fail "a build without vmlinux.a is an error that names it" "nowhere/vmlinux.a: missing" \
	"$here/bench-units.sh" "$tmp/nowhere"
finish
