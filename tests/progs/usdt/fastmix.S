/* fastmix.S — probes mix:::val whose argument sits in different places, for the test of USDT
 * programs' fast path (tests/sh/usdt_trace.sh, usdt-fast-fallback). Every function takes a
 * long v and fires mix:::val with arg0 = v (an int: -4@...), from a hand-written note so the
 * operand form is exactly the one named here, whatever the compiler would choose.
 *
 * Built twice: with -DMAIN into the executable (fastmix.c), mixmain_fire with arg0 in %edi,
 * the only site known when tracing starts, so the program reads %edi directly; without, into
 * the library fastmix.c loads with dlopen() afterwards:
 *   mixlib_same   arg0 in %edi too: the tracer marks the site fast when it appears
 *   mixlib_other  arg0 in %esi: read through its spec
 *   mixlib_mem    arg0 in memory below the stack pointer: read through its spec
 * Each returns v + 1. */
	.pushsection .stapsdt.base, "aG", @progbits, .stapsdt.base, comdat
	.weak _.stapsdt.base
	.hidden _.stapsdt.base
_.stapsdt.base:
	.space 1
	.size _.stapsdt.base, 1
	.popsection

.macro MIXNOTE args
990:	nop
	.pushsection .note.stapsdt, "", @note
	.balign 4
	.4byte 992f - 991f, 994f - 993f, 3
991:	.asciz "stapsdt"
992:	.balign 4
993:	.8byte 990b
	.8byte _.stapsdt.base
	.8byte 0
	.asciz "mix"
	.asciz "val"
	.asciz "\args"
994:	.balign 4
	.popsection
.endm

.macro FUNC name
	.globl \name
	.type \name, @function
\name:
.endm

	.text
#ifdef MAIN
FUNC mixmain_fire
	MIXNOTE "-4@%edi"
	leaq 1(%rdi), %rax
	ret
	.size mixmain_fire, . - mixmain_fire
#else
FUNC mixlib_same
	MIXNOTE "-4@%edi"
	leaq 1(%rdi), %rax
	ret
	.size mixlib_same, . - mixlib_same

FUNC mixlib_other
	movq %rdi, %rsi
	movq $77, %rdi          /* a wrong value where the fast path would look */
	MIXNOTE "-4@%esi"
	leaq 1(%rsi), %rax
	ret
	.size mixlib_other, . - mixlib_other

FUNC mixlib_mem
	movq %rdi, -8(%rsp)     /* the red zone: a leaf function may use it */
	movq $78, %rdi
	MIXNOTE "-4@-8(%rsp)"
	movq -8(%rsp), %rax
	incq %rax
	ret
	.size mixlib_mem, . - mixlib_mem
#endif
	.section .note.GNU-stack, "", @progbits
