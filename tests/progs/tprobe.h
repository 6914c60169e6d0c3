/* tprobe.h — a minimal USDT probe macro for the test programs, in the style of SystemTap's
 * sys/sdt.h (written for these tests; the project's real header is include/usdtrace/sdt.h).
 *
 *   TPROBE("name", TA(0) " " TAF(1), TOP(0, intval), TOP(1, doubleval));
 *
 * TA(i) / TAF(i) are the text of integer / floating-point argument i, TOP(i, x) its operands:
 * a size constant (negative for signed types) and the value with the "nor" constraint, so the
 * compiler chooses the operand form. The provider is TPROBE_PROVIDER ("test" unless defined
 * before inclusion). */
#ifndef TPROBE_H
#define TPROBE_H
#ifndef TPROBE_PROVIDER
#define TPROBE_PROVIDER "test"
#endif

/* Size prefix: the byte size, negative for signed integer types. */
#define TP_SIGNED(x) _Generic((x), signed char: 1, short: 1, int: 1, long: 1, long long: 1, \
	char: ((char)-1 < 0), default: 0)
#define TP_SIZE(x) (TP_SIGNED(x) ? -(int)sizeof(x) : (int)sizeof(x))

/* One argument's text and its two operands (size constant, value). */
#define TA(i) "%c[s" #i "]@%[a" #i "]"
#define TAF(i) "%c[s" #i "]f@%[a" #i "]"
#define TOP(i, x) [s##i] "n"(TP_SIZE(x)), [a##i] "nor"(x)

#define TPROBE(name, argtext, ...)                                                        \
	__asm__ __volatile__(                                                              \
		"990: nop\n"                                                               \
		".pushsection .note.stapsdt, \"\", @note\n"                                 \
		".balign 4\n"                                                              \
		".4byte 992f-991f, 994f-993f, 3\n"                                         \
		"991: .asciz \"stapsdt\"\n"                                                \
		"992: .balign 4\n"                                                         \
		"993: .8byte 990b\n"                                                       \
		".8byte _.stapsdt.base\n"                                                  \
		".8byte 0\n"                                                               \
		".asciz \"" TPROBE_PROVIDER "\"\n"                                                    \
		".asciz \"" name "\"\n"                                                    \
		".asciz \"" argtext "\"\n"                                                 \
		"994: .balign 4\n"                                                         \
		".popsection\n"                                                            \
		".ifndef _.stapsdt.base\n"                                                 \
		".pushsection .stapsdt.base, \"aG\", @progbits, .stapsdt.base, comdat\n"   \
		".weak _.stapsdt.base\n"                                                   \
		".hidden _.stapsdt.base\n"                                                 \
		"_.stapsdt.base: .space 1\n"                                               \
		".size _.stapsdt.base, 1\n"                                                \
		".popsection\n"                                                            \
		".endif\n"                                                                 \
		:: __VA_ARGS__)
#endif
