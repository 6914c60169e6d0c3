/* lp_note.h — a minimal SystemTap-style USDT probe for the listing tests, written here so the
 * tests do not depend on the project's own sdt.h.
 *
 * LP_PROBE(prov, name, "argspec", operands...) plants a probe site (a 1-byte nop and a
 * 10-byte nop, room for a call/jmp if a tracer wants one) and records it in .note.stapsdt:
 * owner "stapsdt", type 3, desc = pc, _.stapsdt.base, semaphore, "prov\0name\0args\0".
 * The argspec uses asm operand numbers: LP_PROBE(p, n, "-4@%0 8@%1", "r"(i), "r"(l)).
 * LP_PROBE_SEM(prov, name, sem, ...) also records the address of `unsigned short sem`, the
 * is-enabled counter a tracer increments. */
#ifndef LP_NOTE_H
#define LP_NOTE_H

#define LP_STR_(x) #x
#define LP_STR(x) LP_STR_(x)

#define LP_NOTE_(prov, name, semexpr, argspec) \
	"990:	nop\n" \
	"	.byte 0x66,0x2e,0x0f,0x1f,0x84,0x00,0x00,0x00,0x00,0x00\n" \
	"	.pushsection .note.stapsdt,\"?\",\"note\"\n" \
	"	.balign 4\n" \
	"	.4byte 992f-991f, 994f-993f, 3\n" \
	"991:	.asciz \"stapsdt\"\n" \
	"992:	.balign 4\n" \
	"993:	.8byte 990b\n" \
	"	.8byte _.stapsdt.base\n" \
	"	.8byte " semexpr "\n" \
	"	.asciz \"" LP_STR(prov) "\"\n" \
	"	.asciz \"" LP_STR(name) "\"\n" \
	"	.asciz \"" argspec "\"\n" \
	"994:	.balign 4\n" \
	"	.popsection\n" \
	"	.ifndef _.stapsdt.base\n" \
	"	.pushsection .stapsdt.base,\"aG\",\"progbits\",.stapsdt.base,comdat\n" \
	"	.weak _.stapsdt.base\n" \
	"	.hidden _.stapsdt.base\n" \
	"_.stapsdt.base: .space 1\n" \
	"	.size _.stapsdt.base, 1\n" \
	"	.popsection\n" \
	"	.endif\n"

#define LP_PROBE(prov, name, argspec, ...) \
	__asm__ __volatile__(LP_NOTE_(prov, name, "0", argspec) :: __VA_ARGS__)
#define LP_PROBE_SEM(prov, name, sem, argspec, ...) \
	__asm__ __volatile__(LP_NOTE_(prov, name, LP_STR(sem), argspec) :: __VA_ARGS__)
#define LP_SEMAPHORE(sem) \
	__attribute__((section(".probes"), used)) volatile unsigned short sem

#endif
