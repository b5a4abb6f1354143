#!/bin/sh
# Unit test of generator/collect/find-objects.sh: the objects of profiled
# functions that have no section of their own name, found in a thin
# archive of real objects compiled here (C with section attributes and
# assembly in plain .text, as in the kernel).  What profile2linkerlist
# --objects makes of its output is tested with the generator.
set -u
fl=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
. "$(dirname "$0")/../../../scripts/ktap.sh"


# ---- find-objects.sh ------------------------------------------------
mkdir -p "$tmp/k/kernel/sched" "$tmp/k/arch/x86/lib" "$tmp/k/net/unix"
cat > "$tmp/k/kernel/sched/core.c" <<'C'
__attribute__((section(".sched.text"))) void schedule(void) { }
__attribute__((section(".noinstr.text"))) void enter(void) { }
void plain_c(void) { }
C
cat > "$tmp/k/arch/x86/lib/copy.S" <<'S'
	.text
	.globl copy_user
	.type copy_user, @function
copy_user:
	ret
ret_from_label:
	ret
S
cat > "$tmp/k/net/unix/af_unix.c" <<'C'
__attribute__((section(".sched.text"))) void unix_wait(void) { }
C
(cd "$tmp/k" &&
	gcc -c -ffunction-sections -o kernel/sched/core.o kernel/sched/core.c &&
	gcc -c -o arch/x86/lib/copy.o arch/x86/lib/copy.S &&
	gcc -c -ffunction-sections -o net/unix/af_unix.o net/unix/af_unix.c &&
	ar rcST vmlinux.a kernel/sched/core.o net/unix/af_unix.o &&
	ar rcST arch/x86/lib/lib.a arch/x86/lib/copy.o) ||
	{ echo "Bail out! cannot build the test objects"; exit 1; }
cat > "$tmp/prof" <<'P'
    40 schedule                                   1.0000
    30 enter                                      1.0000
    20 plain_c                                    1.0000
    10 copy_user                                  1.0000
     5 ret_from_label                             1.0000
     3 unix_wait                                  1.0000
     1 not_here                                   1.0000
    99 total                                      0.0010
P
"$fl/find-objects.sh" "$tmp/k" "$tmp/prof" > "$tmp/objects" 2> "$tmp/err"
same_text "$?" 0 "find-objects.sh runs on a thin archive"
same_text "$(cat "$tmp/objects")" "copy_user .text arch/x86/lib/copy.o
enter .noinstr.text kernel/sched/core.o
ret_from_label .text arch/x86/lib/copy.o
schedule .sched.text kernel/sched/core.o
unix_wait .sched.text net/unix/af_unix.o" \
	"assembly, noinstr and sched functions found; .text.NAME and unknown names left out"
"$fl/find-objects.sh" "$tmp/nowhere" "$tmp/prof" > "$tmp/out" 2> "$tmp/err"
same_text "$? $(grep -c 'nowhere/vmlinux.a' "$tmp/err")" "1 1" "a build without vmlinux.a is an error that names it"

mv "$tmp/k/net/unix/af_unix.o" "$tmp/af_unix.o"
"$fl/find-objects.sh" "$tmp/k" "$tmp/prof" > "$tmp/out" 2> "$tmp/err"
same_text "$? $(grep -c 'objdump -t failed' "$tmp/err")" "1 1" \
	"a member missing from the thin archive is an error, not a shorter list"
mv "$tmp/af_unix.o" "$tmp/k/net/unix/af_unix.o"

finish
