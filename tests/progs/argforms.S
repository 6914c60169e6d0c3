/* argforms.S — a probe for every x86-64 operand form a stapsdt argument can take.
 *
 * Each PROBE sets nothing itself: the code before it loads registers, memory and TLS with known
 * values, then PROBE emits a nop with a hand-written .note.stapsdt entry, and records in the
 * section "argforms_expect" the line a correct argument reader must print for it:
 *     argforms:NAME: V0 V1 ...
 * where a V is a decimal value, "*" (any value), or "=K" (the same value as argument K) for
 * values only known at run time (stack and thread pointers, PIE addresses).
 *
 *   ./argforms          run every probe (silently) and exit 0
 *   ./argforms expect   print the expected lines instead
 *
 * Build: gcc [-no-pie | -pie] [-DNOPIE] argforms.S. -DNOPIE adds the forms that only
 * non-PIE code can use (address constants "$sym", numeric absolute addresses). The numeric
 * absolute address needs the section .argfixed at 0x20000000:
 *     gcc -no-pie -DNOPIE -Wl,--section-start=.argfixed=0x20000000 argforms.S */

/* The .stapsdt.base anchor every stapsdt file carries (one per link, via comdat). */
	.pushsection .stapsdt.base, "aG", @progbits, .stapsdt.base, comdat
	.weak _.stapsdt.base
	.hidden _.stapsdt.base
_.stapsdt.base:
	.space 1
	.size _.stapsdt.base, 1
	.popsection

.macro NOTE name, args, sem
990:	nop
	.pushsection .note.stapsdt, "", @note
	.balign 4
	.4byte 992f - 991f, 994f - 993f, 3
991:	.asciz "stapsdt"
992:	.balign 4
993:	.8byte 990b
	.8byte _.stapsdt.base
	.8byte \sem
	.asciz "argforms"
	.asciz "\name"
	.asciz "\args"
994:	.balign 4
	.popsection
.endm

.macro PROBE name, args, expect
	NOTE \name, "\args", 0
	.pushsection argforms_expect, "a", @progbits
	.ascii "argforms:\name: \expect\n"
	.popsection
.endm

	.data
	.balign 8
gvar:	.8byte 0x1122334455667788
gneg:	.4byte -123456
	.4byte 0
garr:	.8byte 10, 20, 30, 40
garr_end:
gmix:	.8byte -5, 0x7fffffff80000000
gbyte:	.byte 0xf0
	.balign 8
gdouble: .double -0.5

	/* The semaphore of the "sem" probe; argcheck must raise it for that probe to fire. */
	.pushsection .probes, "aw", @progbits
	.balign 2
sem_counter:
	.2byte 0
	.popsection

#ifdef NOPIE
	.pushsection .argfixed, "aw", @progbits
	.8byte -77
	.8byte 0x1234
	.popsection
#endif

	/* TLS: 40 bytes of .tdata then 8 of .tbss, alignment 8, so the block is 48 bytes right
	 * below the thread pointer and tzero is at %fs:-8. */
	.section .tdata, "awT", @progbits
	.balign 8
tvar:	.8byte 777
tvar2:	.4byte -99
	.4byte 0
tarr:	.8byte 100, 200, 300
	.section .tbss, "awT", @nobits
	.balign 8
tzero:	.zero 8

	/* usdtrace's own type notes (see src/usdt_typenote.h), as `usdtrace -G` would write them:
	 * declared argument types for two probes (one without arguments) and the declarations. */
	.section .note.usdtrace, "", @note
	.balign 4
	.4byte 2f - 1f, 4f - 3f, 1
1:	.asciz "usdtrace"
2:	.balign 4
3:	.asciz "argforms"
	.asciz "regs_a"
	.asciz "int64_t"
	.asciz "struct conn *"
	.asciz "unsigned char"
4:	.balign 4
	.4byte 2f - 1f, 4f - 3f, 1
1:	.asciz "usdtrace"
2:	.balign 4
3:	.asciz "argforms"
	.asciz "sem"
4:	.balign 4
	.4byte 2f - 1f, 4f - 3f, 2
1:	.asciz "usdtrace"
2:	.balign 4
3:	.asciz "typedef int myint;\nstruct conn { int fd; myint state; };\n"
4:	.balign 4

	.section argforms_expect, "a", @progbits
expect_start:
	.text

	.globl main
	.type main, @function
main:
	push %rbp
	push %rbx
	push %r12
	push %r13
	push %r14
	push %r15
	sub $24, %rsp
	cmp $2, %edi
	jl run_probes
	jmp print_expect

run_probes:
	/* General registers at every width, including the high-byte ones. */
	mov $-2, %rax
	PROBE regs_a, "-8@%rax -4@%eax 4@%eax -2@%ax 2@%ax -1@%al 1@%al -1@%ah 1@%ah", \
		"-2 -2 4294967294 -2 65534 -2 254 -1 255"

	movabs $0x1122334455667788, %rbx
	mov $0x80, %rcx
	mov $0xff00, %rdx
	PROBE regs_bcd, "8@%rbx -4@%ebx 2@%bx 1@%bl 1@%bh -1@%cl 1@%ch 1@%dh -1@%dh -2@%dx 4@%edx", \
		"1234605616436508552 1432778632 30600 136 119 -128 0 255 -1 -256 65280"

	movabs $0xffffffff80000001, %rsi
	mov $0x7f, %rdi
	PROBE regs_sidi, "-8@%rsi -4@%esi 4@%esi -2@%si 1@%sil -1@%sil 8@%rdi 4@%edi 2@%di -1@%dil", \
		"-2147483647 -2147483647 2147483649 1 1 1 127 127 127 127"

	mov $0xdeadbeef, %ebp
	PROBE regs_bp, "8@%rbp -4@%ebp 2@%bp 1@%bpl -1@%bpl", "3735928559 -559038737 48879 239 -17"

	mov $-1, %r8
	mov $0x1ff, %r9
	mov $10, %r10
	mov $-11, %r11
	movabs $0x123456789, %r12
	mov $13, %r13
	mov $0x8000, %r14
	mov $-15, %r15
	PROBE regs_r8_15, "-8@%r8 4@%r8d 2@%r8w 1@%r8b -1@%r8l -1@%r9b 1@%r9b 2@%r9w 8@%r10 -8@%r11 -4@%r12d 8@%r13 -2@%r14w -8@%r15 4@%r15d", \
		"-1 4294967295 65535 255 -1 -1 255 511 10 -11 591751049 13 -32768 -15 4294967281"

	/* The stack pointer: only known at run time, so compared with a copy. */
	movq $-3, (%rsp)
	movq $-1, 8(%rsp)
	mov %rsp, %r12
	PROBE regs_sp, "8@%rsp 8@%r12 -8@(%rsp) -4@8(%rsp) 4@8(%rsp) 8@%r12", "=1 * -3 -1 4294967295 =0"

	PROBE imm, "-4@$-5 4@$42 8@$0x1f -8@$-9223372036854775808 -1@$255 1@$255 2@$-1 8@$0", \
		"-5 42 31 -9223372036854775808 -1 255 65535 0"

	/* Floating point in xmm registers and in memory. */
	movabs $0x3ff8000000000000, %rax /* 1.5 */
	movq %rax, %xmm0
	mov $0xc0100000, %eax            /* -2.25f */
	movd %eax, %xmm1
	movabs $0x4202a05f20000000, %rax /* 1e10 */
	movq %rax, %xmm15
	PROBE xmm, "8f@%xmm0 4f@%xmm1 8f@%xmm15 8f@gdouble(%rip)", "1.5 -2.25 1e+10 -0.5"

	/* Memory through registers: base, base+offset, base+index*scale, index*scale alone. */
	lea garr(%rip), %rbx
	mov $2, %rcx
	lea gmix+8(%rip), %rbp
	PROBE mem_reg, "8@(%rbx) 8@8(%rbx) 8@(%rbx,%rcx,8) 8@8(%rbx,%rcx,8) -8@-8(%rbp) 8@0x10(%rbx) -4@(%rbp) -2@-16(%rbp,%rcx,4)", \
		"10 20 30 40 -5 30 -2147483648 -5"

	lea garr(%rip), %rcx
	shr $3, %rcx
	mov $3, %rdx
	PROBE mem_index, "8@(,%rcx,8) 8@8(,%rcx,8) 8@garr(,%rdx,8) 8@garr-8(,%rdx,8)", "10 20 40 30"

	/* Memory named by symbol: %rip-relative and absolute. */
	PROBE mem_sym, "8@gvar(%rip) -4@gneg(%rip) 8@garr+16(%rip) 8@garr_end-8(%rip) -1@gbyte(%rip) 1@gbyte(%rip) 8@16+garr(%rip)", \
		"1234605616436508552 -123456 30 40 -16 240 30"
	PROBE mem_abs, "8@gvar -4@gneg 8@garr+8 8@garr_end-16", "1234605616436508552 -123456 20 30"

	/* Thread-local storage: by symbol (@tpoff) and by raw %fs offset. */
	movq $-7, %fs:tzero@tpoff
	PROBE tls, "8@%fs:tvar@tpoff -4@%fs:tvar2@tpoff 8@%fs:8+tarr@tpoff 8@%fs:tarr@tpoff+16 -8@%fs:tzero@tpoff", \
		"777 -99 200 300 -7"
	movq $-42, %fs:-8
	mov %fs:0, %rbx
	PROBE tls_raw, "-8@%fs:-8 -8@%fs:tzero@tpoff 8@%fs:0 8@%fs:16 8@%rbx -4@%fs:-48", "-42 -42 =4 =4 * 777"

	/* The old form without a size: 8 bytes, signed. */
	mov $-9, %rdi
	lea gmix+8(%rip), %rbp
	PROBE old_form, "%rdi -8(%rbp) $-3", "-9 -5 -3"

#ifdef NOPIE
	/* Forms only position-dependent code has: address constants and fixed addresses. */
	lea gvar(%rip), %rdi
	PROBE addr_const, "8@$gvar 8@%rdi", "=1 *"
	lea garr+8(%rip), %rdx
	PROBE addr_const2, "8@$garr+8 8@%rdx", "=1 *"
	PROBE abs_num, "-8@0x20000000 8@536870920 2@0x20000008", "-77 4660 4660"
#endif

	/* A probe with a semaphore, guarded the way sys/sdt.h users guard theirs. */
	cmpw $0, sem_counter(%rip)
	je 1f
	NOTE sem, "4@$7", sem_counter
1:
	xor %eax, %eax
	jmp out

print_expect:
	mov $1, %edi
	lea expect_start(%rip), %rsi
	lea expect_end(%rip), %rdx
	sub %rsi, %rdx
	call write@PLT
	xor %eax, %eax
out:
	add $24, %rsp
	pop %r15
	pop %r14
	pop %r13
	pop %r12
	pop %rbx
	pop %rbp
	ret
	.size main, . - main

	.section argforms_expect, "a", @progbits
	.ascii "argforms:sem: 7\n"
expect_end:

	.section .note.GNU-stack, "", @progbits
