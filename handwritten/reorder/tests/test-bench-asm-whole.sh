#!/bin/sh
# Unit test of bench-asm-whole.sh, the baseline list that places the
# assembly of arch/x86/lib whole by object, on objects assembled and
# compiled for the test (KTAP).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../../../scripts/ktap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/src/arch/x86/lib" "$tmp/out/arch/x86/lib"
# copy.S: three variants with sections of their own and a shared
# handler in .text between them, in the order unrolled, string, erms.
cat > "$tmp/src/arch/x86/lib/copy.S" <<'S'
	.pushsection .text.copy_unrolled, "ax"
	.globl copy_unrolled
copy_unrolled:	jmp handler
	.popsection
	.pushsection .text.copy_string, "ax"
	.globl copy_string
copy_string:	jmp handler
	.popsection
handler:	ret
	.pushsection .text.copy_erms, "ax"
	.globl copy_erms
copy_erms:	jmp handler
	.popsection
S
# usercopy.c: C with -ffunction-sections, not assembly: left alone.
printf 'int user_a(void) { return 1; }\nint user_b(void) { return 2; }\n' \
	> "$tmp/src/arch/x86/lib/usercopy.c"
rc=0
gcc -c -o "$tmp/out/arch/x86/lib/copy.o" "$tmp/src/arch/x86/lib/copy.S" || rc=1
gcc -O2 -ffunction-sections -c -o "$tmp/out/arch/x86/lib/usercopy.o" \
	"$tmp/src/arch/x86/lib/usercopy.c" || rc=1
result "test objects assembled and compiled" "$rc"
printf '%s\n' '*(.text.vfs_read)' '*(.text.copy_erms)' '*(.text.user_b)' \
	'*(.text.copy_unrolled)' '*fs/x.o(.text)' '*(.text.copy_string)' '*(.text.user_a)' > "$tmp/list"
same_text "$("$here/bench-asm-whole.sh" "$tmp/src" "$tmp/out" "$tmp/list" | tr '\n' ' ')" \
	"*(.text.vfs_read) *(.text.copy_unrolled) *(.text.copy_string) *(.text.copy_erms) *(.text.user_b) *fs/x.o(.text) *(.text.user_a) " \
	"the object's sections in its own order at its first listed function; its other lines go; C functions and other lines kept"
printf '%s\n' '*(.text.vfs_read)' '*(.text.user_a)' > "$tmp/nolib"
same_text "$("$here/bench-asm-whole.sh" "$tmp/src" "$tmp/out" "$tmp/nolib" | tr '\n' ' ')" \
	"*(.text.vfs_read) *(.text.user_a) " "a list naming no assembly function is unchanged"
rm "$tmp/out/arch/x86/lib/copy.o"
expect_fail "a build whose assembly has no sections of its own is refused" \
	"no assembly object of arch/x86/lib has a .text.NAME section" \
	"$here/bench-asm-whole.sh" "$tmp/src" "$tmp/out" "$tmp/list"
expect_fail "a missing list is refused, by name" "$tmp/none: not found" \
	"$here/bench-asm-whole.sh" "$tmp/src" "$tmp/out" "$tmp/none"
finish
