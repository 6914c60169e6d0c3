/* badnotes.S — a program whose .note.stapsdt is damaged in the ways a tracer must survive,
 * for tests/sh/usdt_trace.sh. Provider "bad"; the loop runs 5 times with %ebx = 5..1 and
 * every note below points at its one probe site (or pretends to):
 *   good          -4@%ebx at the site: fires 5 times with 5, 4, 3, 2, 1
 *   garbage_args  an argument string that is no operand: its arguments read as 0
 *   data_pc       a "site" in .data: the kernel never installs a uprobe in a mapping that is
 *                 not executable, so it never fires and the data is not touched
 *   far_pc        an address outside every segment: the site is ignored, with a warning
 *   bad_sem       a semaphore outside every segment: the site is ignored, with a warning
 * At the end it prints "datum intact" when the quadword the data_pc note points at still holds
 * 42, and exits 0 (1 if not).
 *     gcc -o badnotes badnotes.S */
	.pushsection .stapsdt.base, "aG", @progbits, .stapsdt.base, comdat
	.weak _.stapsdt.base
	.hidden _.stapsdt.base
_.stapsdt.base: .space 1
	.popsection

.macro NOTE name, args, pc, sem
	.pushsection .note.stapsdt, "", @note
	.balign 4
	.4byte 992f - 991f, 994f - 993f, 3
991:	.asciz "stapsdt"
992:	.balign 4
993:	.8byte \pc
	.8byte _.stapsdt.base
	.8byte \sem
	.asciz "bad"
	.asciz "\name"
	.asciz "\args"
994:	.balign 4
	.popsection
.endm

	.text
	.globl main
	.type main, @function
main:
	push %rbx
	mov $5, %ebx
1:	nop
	.byte 0x66, 0x2e, 0x0f, 0x1f, 0x84, 0, 0, 0, 0, 0	/* a 10-byte nop */
	NOTE good, "-4@%ebx", 1b, 0
	NOTE garbage_args, "this is @@ not an arg", 1b, 0
	NOTE data_pc, "-4@%ebx", datum, 0
	NOTE far_pc, "-4@%ebx", 0x7fffffff0000, 0
	NOTE bad_sem, "-4@%ebx", 1b, 0x7fffffff0000
	dec %ebx
	jnz 1b
	cmpq $42, datum(%rip)
	jne 2f
	mov $1, %eax			/* write(1, intact, 13) */
	mov $1, %edi
	lea intact(%rip), %rsi
	mov $13, %edx
	syscall
	xor %eax, %eax
	pop %rbx
	ret
2:	mov $1, %eax
	pop %rbx
	ret
	.size main, . - main

	.section .rodata
intact:	.ascii "datum intact\n"

	.data
datum:	.quad 42

	.section .note.GNU-stack, "", @progbits
