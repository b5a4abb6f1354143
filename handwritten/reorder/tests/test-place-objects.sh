#!/bin/sh
# Unit test of generator/collect/find-objects.sh and place-objects.awk: the
# objects of profiled functions that have no section of their own name.
#
# find-objects.sh runs on a thin archive of real objects compiled here
# (C with section attributes and assembly in plain .text, as in the
# kernel); place-objects.awk on a hand-made objects.txt and list.
set -u
fl=$(cd "$(dirname "$0")/../../../generator/collect" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0 failed=0
check() { n=$((n + 1)); if [ "$1" = "$2" ]; then echo "ok $n $3"; else
	failed=$((failed + 1)); echo "not ok $n $3"; printf '# want:\n%s\n# got:\n%s\n' "$2" "$1" | sed 's/^/# /'; fi; }

echo "TAP version 13"
echo "1..9"

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
check "$?" 0 "find-objects.sh runs on a thin archive"
check "$(cat "$tmp/objects")" "copy_user .text arch/x86/lib/copy.o
enter .noinstr.text kernel/sched/core.o
ret_from_label .text arch/x86/lib/copy.o
schedule .sched.text kernel/sched/core.o
unix_wait .sched.text net/unix/af_unix.o" \
	"assembly, noinstr and sched functions found; .text.NAME and unknown names left out"
"$fl/find-objects.sh" "$tmp/nowhere" "$tmp/prof" > "$tmp/out" 2> "$tmp/err"
check "$? $(grep -c 'nowhere/vmlinux.a' "$tmp/err")" "1 1" "a build without vmlinux.a is an error that names it"

mv "$tmp/k/net/unix/af_unix.o" "$tmp/af_unix.o"
"$fl/find-objects.sh" "$tmp/k" "$tmp/prof" > "$tmp/out" 2> "$tmp/err"
check "$? $(grep -c 'objdump -t failed' "$tmp/err")" "1 1" \
	"a member missing from the thin archive is an error, not a shorter list"
mv "$tmp/af_unix.o" "$tmp/k/net/unix/af_unix.o"

# ---- place-objects.awk ----------------------------------------------
cat > "$tmp/list" <<'L'
*(.text.copy_user)
*(.text.schedule)
*(.text.hot_c)
*(.text.ret_from_label)
*(.text.enter)
*(.text.unix_wait)
*(.text.twice)
L
cat > "$tmp/objs" <<'O'
copy_user .text arch/x86/lib/copy.o
enter .noinstr.text kernel/entry/common.o
ret_from_label .text arch/x86/lib/copy.o
schedule .sched.text kernel/sched/core.o
unix_wait .sched.text net/unix/af_unix.o
twice .sched.text kernel/locking/mutex.o
twice .noinstr.text arch/x86/mm/fault.o
O
awk -f "$fl/place-objects.awk" "$tmp/objs" "$tmp/list" > "$tmp/out" 2> "$tmp/err"
check "$?" 0 "place-objects.awk runs"
check "$(grep -v '^#define\|^	X' "$tmp/out")" "*(.text.copy_user)
*arch/x86/lib/copy.o(.text)
*(.text.schedule)
*(.text.hot_c)
*(.text.ret_from_label)
*(.text.enter)
*(.text.unix_wait)
*(.text.twice)" "every list line kept; an assembly object placed once, after its hottest function"
check "$(grep '^#define\|^	X' "$tmp/out")" "#define FUNCTION_REORDER_NOINSTR(X) \\
	X(*kernel/entry/common.o) \\
	X(*arch/x86/mm/fault.o)
#define FUNCTION_REORDER_SCHED(X) \\
	X(*kernel/sched/core.o) \\
	X(*net/uni[x]/af_unix.o) \\
	X(*kernel/locking/mutex.o)" "noinstr and sched objects in list order; 'unix' kept from cpp"
printf 'schedule .sched.text\n' > "$tmp/bad"
awk -f "$fl/place-objects.awk" "$tmp/bad" "$tmp/list" > "$tmp/out" 2> "$tmp/err"
check "$? $(cat "$tmp/err")" "1 place-objects: $tmp/bad:1: want NAME SECTION OBJECT" \
	"a malformed objects.txt line is an error with file and line"
# The output goes through cpp as the kernel runs it on the linker script.
awk -f "$fl/place-objects.awk" "$tmp/objs" "$tmp/list" > "$tmp/functionlist.lds"
printf '#include "functionlist.lds"\n#define OF(f) f(.sched.text)\nFUNCTION_REORDER_SCHED(OF)\n' > "$tmp/t.lds.S"
check "$(gcc -E -P -D__ASSEMBLY__ -DLINKER_SCRIPT -I"$tmp" -x assembler-with-cpp "$tmp/t.lds.S" | grep -o '\*[^ ]*(\.sched\.text)' | tr '\n' ' ')" \
	"*kernel/sched/core.o(.sched.text) *net/uni[x]/af_unix.o(.sched.text) *kernel/locking/mutex.o(.sched.text) " \
	"the definitions expand under cpp to linker file patterns"

echo "# $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
