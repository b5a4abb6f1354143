/* SPDX-License-Identifier: GPL-2.0 */
/*
 * copy(n): n bytes from src to dst with one "rep movsb", after a pause
 * (f3 90: a rep prefix, and no string instruction).  In assembly, so
 * that the compiler can neither inline it nor change its instructions.
 */
	.text
	.globl copy
	.type copy, @function
copy:
	mov	%rdi, %rcx
	lea	src(%rip), %rsi
	lea	dst(%rip), %rdi
	pause
	rep movsb
	ret
	.size copy, . - copy
	.section .note.GNU-stack, "", @progbits
