/* usdtrace/sdt.h — statically defined probe sites for C and C++ programs and libraries.
 *
 * Contract: each probe macro below plants one probe site and one ELF note describing it, in the
 * SystemTap "stapsdt" format that every USDT reader (usdtrace, bpftrace, gdb, perf, SystemTap)
 * understands:
 *   - section .note.stapsdt (SHT_NOTE, not allocated, so it costs nothing at run time), one note
 *     per site: owner "stapsdt", type 3, desc = site pc (8 bytes), address of _.stapsdt.base
 *     (8 bytes), semaphore address or 0 (8 bytes), provider NUL, name NUL, argument string NUL;
 *   - section .stapsdt.base (allocated, read-only, one comdat group, so a linked object keeps
 *     exactly one copy) holding the 1-byte hidden weak symbol _.stapsdt.base, against which
 *     readers measure how far a library or PIE was moved when it was loaded;
 *   - the argument string: one "[-]SIZE[f]@OPERAND" per argument, space separated, where '-'
 *     marks a signed integer, 'f' (only with USDT_FLOAT_SUFFIX, below) a float or double, SIZE
 *     is 1, 2, 4 or 8, and OPERAND is the compiler's own spelling of where the value is
 *     ("%eax", "$5", "16(%rsp)", "g(%rip)").
 * The site on x86-64 (docs/sdt-sites.md) is a 5-byte nop, the note's pc, which kernels that
 * optimise uprobes (6.18 and later) turn into a call to a trampoline instead of an int3 trap,
 * between two instructions that move %rsp below the red zone and back:
 *     lea -128(%rsp),%rsp ; [padding to 8 bytes] ; nopl 0(%rax,%rax,1) ; lea 128(%rsp),%rsp
 * The call the kernel writes pushes below %rsp; with %rsp lowered by 128 that is below the
 * leaf function's red zone, which stays intact. Because %rsp differs at the pc, every argument
 * is given in a register or as an immediate there (constraint "nr"), never as memory relative
 * to %rsp. The padding keeps the nop inside one 8-byte block, so never across a page, which
 * the kernel would not patch. A build that defines USDT_SITE_INSN gets that instruction
 * string as the whole site instead (the note's pc at its first byte) and "nor" operands;
 * 32-bit x86 gets a 1-byte nop followed by a 10-byte nop, other targets a nop.
 *
 * API (up to 12 arguments; every argument is evaluated, exactly once, even when nobody traces):
 *   DTRACE_PROBE(p, n), DTRACE_PROBE1(p, n, a1) .. DTRACE_PROBE12(...)   site without semaphore
 *   USDT(p, n, ...)                      the same, any number of arguments
 *   USDT_DEFINE_SEMAPHORE(p, n)          defines unsigned short p_n_semaphore in ".probes"
 *   USDT_DECLARE_SEMAPHORE(p, n)         its extern declaration
 *   USDT_ENABLED(p, n)                   nonzero while a tracer is attached (semaphore != 0)
 *   DTRACE_PROBE_ENABLED(p, n)           the same
 *   USDT_WITH_SEMAPHORE(p, n, ...)       site whose note names the semaphore
 *   USDT_GUARDED(p, n, ...)              the same, arguments evaluated only while traced
 * Arguments may be of any integer, enum, bool, pointer, array, float or double type (in C++ also
 * references, enum class, char16_t/char32_t and nullptr). Sizes and signs come from the type
 * (pointers and arrays "8@", bool "1@", enums per their underlying type). Integers narrower
 * than int are passed widened (so the operand is "%eax" or "$200", never "%al" or "$-56") while
 * the note keeps "1@"/"2@".
 * Floating values are passed as their IEEE bit pattern in an integer operand, and by default
 * described as an unsigned integer of their size: float "4@", double "8@", long double
 * converted to double first, "8@". Why not the stapsdt 'f' suffix: readers that do not know it
 * (bpftrace 0.17, gdb 13) then refuse the whole probe, every other argument included, while
 * "8@" lets every reader read every argument, floats as their bits. A tracer learns that an
 * argument is a double from the declared-type note `usdtrace -G` records for the provider
 * (.note.usdtrace, "double"), not from the argument string; a probe without a provider
 * definition has no such note, and its floats read as bits. Defining USDT_FLOAT_SUFFIX before
 * including the header marks them "4f@"/"8f@" instead, for readers that want the suffix.
 * Structures and unions are rejected at compile time: pass a pointer or a field. A bit-field
 * must be cast or copied first (sizeof and __typeof__ do not apply to bit-fields).
 * Provider and probe names are plain identifiers; like any macro argument they are expanded
 * before use, so they must not be the names of macros (e.g. "linux" in GNU C modes).
 * A site in COMDAT code (C++ inline functions, templates) puts its note in the same section
 * group, so the notes of copies the linker discards are discarded with them.
 *
 * The header includes nothing and defines nothing but the names above, USDTRACE_SDT_* helper
 * macros and (in C++) usdtrace_sdt_* helper templates, so that `usdtrace -h` can paste it into
 * generated headers under the same guard. It may be included inside extern "C". */
#ifndef USDTRACE_SDT_H
#define USDTRACE_SDT_H

/* ---- The site instruction ----------------------------------------------------------------
 * USDTRACE_SDT_PRE is what comes before the pc, USDTRACE_SDT_INSN the instruction at the pc and
 * after it, USDTRACE_SDT_ARGC the constraint of argument values (see the contract above). */
#if defined(USDT_SITE_INSN)
# define USDTRACE_SDT_PRE ""
# define USDTRACE_SDT_INSN USDT_SITE_INSN
# define USDTRACE_SDT_ARGC "nor"
#elif defined(__x86_64__)
/* 48 8d 64 24 80 is "lea -0x80(%rsp),%rsp", 0f 1f 44 00 00 the nop5 the kernel patches
 * (x86_nops[5]), 48 8d a4 24 80 00 00 00 "lea 0x80(%rsp),%rsp"; spelled as bytes so that
 * every assembler, in either syntax, emits exactly these. lea, not sub: the flags stay. */
# define USDTRACE_SDT_PRE ".byte 0x48,0x8d,0x64,0x24,0x80\n\t.balign 8\n"
# define USDTRACE_SDT_INSN ".byte 0x0f,0x1f,0x44,0x00,0x00\n\t.byte 0x48,0x8d,0xa4,0x24,0x80,0,0,0"
# define USDTRACE_SDT_ARGC "nr"
#elif defined(__i386__)
/* 66 2e 0f 1f 84 00 00 00 00 00 is "nopw %cs:0(%eax,%eax,1)", the longest nop that needs no
 * more than one prefix: the probe's nop is never followed by bytes that make a 5-byte nop. */
# define USDTRACE_SDT_PRE ""
# define USDTRACE_SDT_INSN "nop\n\t.byte 0x66,0x2e,0x0f,0x1f,0x84,0x00,0x00,0x00,0x00,0x00"
# define USDTRACE_SDT_ARGC "nor"
#else
# define USDTRACE_SDT_PRE ""
# define USDTRACE_SDT_INSN "nop"
# define USDTRACE_SDT_ARGC "nor"
#endif

#if defined(__LP64__) || defined(_LP64)
# define USDTRACE_SDT_ADDR ".8byte"
#else
# define USDTRACE_SDT_ADDR ".4byte"
#endif

#define USDTRACE_SDT_CAT_(a, b) a##b
#define USDTRACE_SDT_CAT(a, b) USDTRACE_SDT_CAT_(a, b)

/* ---- Describing one argument at compile time -------------------------------------------
 * Each argument becomes two asm operands: its value (constraint USDTRACE_SDT_ARGC: an
 * immediate or a register, or where the site leaves %rsp alone also an offsettable memory
 * reference, whatever the compiler already has) and a
 * "kind" constant: -SIZE for signed integers, SIZE for unsigned ones and pointers,
 * USDTRACE_SDT_FLTKIND+SIZE for floating point. Two operands, not four, because GCC allows at
 * most 30 per asm and twelve arguments must fit.
 * USDTRACE_SDT_FLTKIND is the one switch between the two float spellings: 0 makes a float's
 * kind its plain unsigned size ("8@"), 100 makes the emitter below add the 'f' ("8f@"). */
#ifdef USDT_FLOAT_SUFFIX
# define USDTRACE_SDT_FLTKIND 100
#else
# define USDTRACE_SDT_FLTKIND 0
#endif
#ifndef __cplusplus

/* __builtin_classify_type sees its operand as a function argument would, so arrays and
 * functions arrive as pointers (5); 8 is a real floating type. */
# define USDTRACE_SDT_ISPTR(x) (__builtin_classify_type(x) == 5)
# define USDTRACE_SDT_ISFLT(x) (__builtin_classify_type(x) == 8)
# define USDTRACE_SDT_ISF32(x) \
	(USDTRACE_SDT_ISFLT(x) && __builtin_types_compatible_p(__typeof__(x), float))
/* A floating argument travels as its bit pattern in an integer of the same size. Given the
 * double itself, the compiler spills constants to anonymous .LC labels in memory, which no
 * reader can resolve; the bits are an immediate or a general register instead. long double is
 * narrowed to double first. Every branch of a __builtin_choose_expr must type-check, hence
 * the inner choices feeding 0.0 to non-floats. */
# define USDTRACE_SDT_FLTVAL(x) __builtin_choose_expr(USDTRACE_SDT_ISFLT(x), (x), 0.0)
# define USDTRACE_SDT_F64BITS(x) \
	(((union { double d; unsigned long long u; }){ (double)USDTRACE_SDT_FLTVAL(x) }).u)
# define USDTRACE_SDT_F32BITS(x) \
	(((union { float f; unsigned int u; }){ (float)USDTRACE_SDT_FLTVAL(x) }).u)
/* Integers narrower than int are widened for the asm, which then names a 32-bit register
 * ("%r12d") rather than an 8- or 16-bit one ("%r12b", "%sil") that some readers (gdb 13) do not
 * know, and prints unsigned constants as such ("$200", not "$-56"); the note still says "1@". */
# define USDTRACE_SDT_ISSMALL(x) \
	(!USDTRACE_SDT_ISPTR(x) && !USDTRACE_SDT_ISFLT(x) && sizeof(x) < sizeof(int))
# define USDTRACE_SDT_SMALLVAL(x) \
	((int)__builtin_choose_expr(USDTRACE_SDT_ISSMALL(x), (x), 0))
/* The value as the asm sees it: pointers and arrays as an address-sized integer (an array
 * given to "nor" directly would be read as its contents), floats as bits, small integers
 * widened, everything else untouched so that lvalues can stay memory operands. */
# define USDTRACE_SDT_VAL(x) \
	__builtin_choose_expr(USDTRACE_SDT_ISPTR(x), (unsigned long)(x), \
	__builtin_choose_expr(USDTRACE_SDT_ISF32(x), USDTRACE_SDT_F32BITS(x), \
	__builtin_choose_expr(USDTRACE_SDT_ISFLT(x), USDTRACE_SDT_F64BITS(x), \
	__builtin_choose_expr(USDTRACE_SDT_ISSMALL(x), USDTRACE_SDT_SMALLVAL(x), (x)))))
/* The argument's own type, arrays and pointers as unsigned long. */
# define USDTRACE_SDT_TYPE(x) \
	__typeof__(__builtin_choose_expr(USDTRACE_SDT_ISSMALL(x), (x), USDTRACE_SDT_VAL(x)))
# define USDTRACE_SDT_SIGNED(x) ((USDTRACE_SDT_TYPE(x))-1 < (USDTRACE_SDT_TYPE(x))1)
# define USDTRACE_SDT_SIZE(x) ((int)sizeof(USDTRACE_SDT_TYPE(x)))
# define USDTRACE_SDT_KIND(x) \
	(USDTRACE_SDT_ISFLT(x) ? USDTRACE_SDT_FLTKIND + USDTRACE_SDT_SIZE(x) \
	 : USDTRACE_SDT_SIGNED(x) ? -USDTRACE_SDT_SIZE(x) : USDTRACE_SDT_SIZE(x))

#else /* __cplusplus */

/* Templates cannot have C linkage, and the header may be included inside extern "C". */
extern "C++" {
/* Signedness of an integer type, or of an enum's underlying type: converting -1 to an enum
 * whose values are all positive is not a constant expression. */
template <typename T, bool is_enum = __is_enum(T)> struct usdtrace_sdt_sign {
	enum { value = static_cast<T>(-1) < static_cast<T>(1) };
};
template <typename T> struct usdtrace_sdt_sign<T, true> {
	enum { value = usdtrace_sdt_sign<__underlying_type(T)>::value };
};
/* The traits of a decayed, unqualified type T (see usdtrace_sdt_val for the decay). */
template <typename T> struct usdtrace_sdt_traits {
	enum { is_float = 0, is_signed = usdtrace_sdt_sign<T>::value, size = sizeof(T) };
};
template <typename T> struct usdtrace_sdt_traits<T *> {
	enum { is_float = 0, is_signed = 0, size = sizeof(T *) };
};
template <> struct usdtrace_sdt_traits<float> {
	enum { is_float = 1, is_signed = 0, size = sizeof(float) };
};
template <> struct usdtrace_sdt_traits<double> {
	enum { is_float = 1, is_signed = 0, size = sizeof(double) };
};
template <> struct usdtrace_sdt_traits<long double> { /* narrowed to double */
	enum { is_float = 1, is_signed = 0, size = sizeof(double) };
};
template <typename T> struct usdtrace_sdt_kind {
	enum { value = usdtrace_sdt_traits<T>::is_float
		? USDTRACE_SDT_FLTKIND + usdtrace_sdt_traits<T>::size
		: usdtrace_sdt_traits<T>::is_signed ? -usdtrace_sdt_traits<T>::size
		: usdtrace_sdt_traits<T>::size };
};
/* Passing by value decays arrays and functions to pointers, drops references and top-level
 * const/volatile: __typeof__(usdtrace_sdt_decay(x)) is the type the traits describe.
 * always_inline keeps these free even at -O0. */
template <typename T> inline __attribute__((always_inline)) T usdtrace_sdt_decay(T v)
{
	return v;
}
# if __cplusplus >= 201103L
inline __attribute__((always_inline)) unsigned long usdtrace_sdt_decay(decltype(nullptr))
{
	return 0;
}
# endif
/* The value the asm sees: the decayed value, except that integers (and enums) narrower than
 * int travel widened to int and floating values as their bits in an integer of the same size
 * (see the C version above for why). The non-template overloads win over the template for
 * exact matches. */
template <typename T, bool is_small = (sizeof(T) < sizeof(int))> struct usdtrace_sdt_pass {
	typedef T type;
};
template <typename T> struct usdtrace_sdt_pass<T, true> {
	typedef int type;
};
template <typename T>
inline __attribute__((always_inline)) typename usdtrace_sdt_pass<T>::type usdtrace_sdt_val(T v)
{
	return static_cast<typename usdtrace_sdt_pass<T>::type>(v);
}
inline __attribute__((always_inline)) unsigned int usdtrace_sdt_val(float v)
{
	unsigned int u;
	__builtin_memcpy(&u, &v, sizeof u);
	return u;
}
inline __attribute__((always_inline)) unsigned long long usdtrace_sdt_val(double v)
{
	unsigned long long u;
	__builtin_memcpy(&u, &v, sizeof u);
	return u;
}
inline __attribute__((always_inline)) unsigned long long usdtrace_sdt_val(long double v)
{
	return usdtrace_sdt_val(static_cast<double>(v));
}
# if __cplusplus >= 201103L
inline __attribute__((always_inline)) unsigned long usdtrace_sdt_val(decltype(nullptr))
{
	return 0;
}
# endif
} /* extern "C++" */

# define USDTRACE_SDT_VAL(x) usdtrace_sdt_val(x)
# define USDTRACE_SDT_KIND(x) usdtrace_sdt_kind<__typeof__(usdtrace_sdt_decay(x))>::value

#endif /* __cplusplus */

/* ---- Emitting the argument string --------------------------------------------------------
 * Operand %[uN] is argument N's value, %[kN] its kind. "%c" prints a constant without the
 * immediate prefix, so a kind of -4 becomes the text "-4"; under USDT_FLOAT_SUFFIX floats
 * need the letter 'f', which the assembler adds with .if on the same constant (by default no
 * kind exceeds 100 and the .if never holds). */
#define USDTRACE_SDT_ASM_ARG(n) \
	".if %c[usdt_k" #n "] > 100\n\t" \
	".if %c[usdt_k" #n "] == 104\n\t.ascii \"4f@\"\n\t.else\n\t.ascii \"8f@\"\n\t.endif\n\t" \
	".else\n\t.ascii \"%c[usdt_k" #n "]@\"\n\t.endif\n\t" \
	".ascii \"%[usdt_u" #n "]\"\n\t"
#define USDTRACE_SDT_SEP ".ascii \" \"\n\t"

#define USDTRACE_SDT_ASM_ARGS0 ""
#define USDTRACE_SDT_ASM_ARGS1 USDTRACE_SDT_ASM_ARG(1)
#define USDTRACE_SDT_ASM_ARGS2 USDTRACE_SDT_ASM_ARGS1 USDTRACE_SDT_SEP USDTRACE_SDT_ASM_ARG(2)
#define USDTRACE_SDT_ASM_ARGS3 USDTRACE_SDT_ASM_ARGS2 USDTRACE_SDT_SEP USDTRACE_SDT_ASM_ARG(3)
#define USDTRACE_SDT_ASM_ARGS4 USDTRACE_SDT_ASM_ARGS3 USDTRACE_SDT_SEP USDTRACE_SDT_ASM_ARG(4)
#define USDTRACE_SDT_ASM_ARGS5 USDTRACE_SDT_ASM_ARGS4 USDTRACE_SDT_SEP USDTRACE_SDT_ASM_ARG(5)
#define USDTRACE_SDT_ASM_ARGS6 USDTRACE_SDT_ASM_ARGS5 USDTRACE_SDT_SEP USDTRACE_SDT_ASM_ARG(6)
#define USDTRACE_SDT_ASM_ARGS7 USDTRACE_SDT_ASM_ARGS6 USDTRACE_SDT_SEP USDTRACE_SDT_ASM_ARG(7)
#define USDTRACE_SDT_ASM_ARGS8 USDTRACE_SDT_ASM_ARGS7 USDTRACE_SDT_SEP USDTRACE_SDT_ASM_ARG(8)
#define USDTRACE_SDT_ASM_ARGS9 USDTRACE_SDT_ASM_ARGS8 USDTRACE_SDT_SEP USDTRACE_SDT_ASM_ARG(9)
#define USDTRACE_SDT_ASM_ARGS10 USDTRACE_SDT_ASM_ARGS9 USDTRACE_SDT_SEP USDTRACE_SDT_ASM_ARG(10)
#define USDTRACE_SDT_ASM_ARGS11 USDTRACE_SDT_ASM_ARGS10 USDTRACE_SDT_SEP USDTRACE_SDT_ASM_ARG(11)
#define USDTRACE_SDT_ASM_ARGS12 USDTRACE_SDT_ASM_ARGS11 USDTRACE_SDT_SEP USDTRACE_SDT_ASM_ARG(12)

#define USDTRACE_SDT_OP(n, x) \
	[usdt_u##n] USDTRACE_SDT_ARGC(USDTRACE_SDT_VAL(x)), [usdt_k##n] "n"(USDTRACE_SDT_KIND(x))

/* ---- The site and its note ---------------------------------------------------------------
 * Local numeric labels (990..994), not named ones, so the same asm can be pasted many times
 * into one function (inlining, unrolling, macros in loops) and each copy gets its own note.
 * The note section is opened with the "?" flag: it joins the group of the code around it, so
 * when the linker drops a duplicate C++ inline function or template instance it drops that
 * copy's notes with it instead of keeping notes that point into discarded code. */
#define USDTRACE_SDT_ASM(provider, name, sem, args) \
	USDTRACE_SDT_PRE "990: " USDTRACE_SDT_INSN "\n\t" \
	".pushsection .note.stapsdt,\"?\",\"note\"\n\t" \
	".balign 4\n\t" \
	".4byte 992f-991f, 994f-993f, 3\n" \
	"991:\n\t.asciz \"stapsdt\"\n" \
	"992:\n\t.balign 4\n" \
	"993:\n\t" \
	USDTRACE_SDT_ADDR " 990b\n\t" \
	USDTRACE_SDT_ADDR " _.stapsdt.base\n\t" \
	USDTRACE_SDT_ADDR " " sem "\n\t" \
	".asciz \"" #provider "\"\n\t" \
	".asciz \"" #name "\"\n\t" \
	args \
	".byte 0\n" \
	"994:\n\t.balign 4\n\t" \
	".popsection\n\t" \
	".ifndef _.stapsdt.base\n\t" \
	".pushsection .stapsdt.base,\"aG\",\"progbits\",.stapsdt.base,comdat\n\t" \
	".weak _.stapsdt.base\n\t" \
	".hidden _.stapsdt.base\n" \
	"_.stapsdt.base:\n\t.space 1\n\t" \
	".size _.stapsdt.base, 1\n\t" \
	".popsection\n\t" \
	".endif\n"

#define USDTRACE_SDT_SEMNAME(provider, name) provider##_##name##_semaphore
#define USDTRACE_SDT_SEMSTR(provider, name) #provider "_" #name "_semaphore"

/* "asm inline" (GCC 9+, clang): the compiler sizes this asm as one instruction, not by its
 * many lines of note directives, so a probe does not stop its function being inlined. */
#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 9)
# define USDTRACE_SDT_ASM_INLINE __inline__
#else
# define USDTRACE_SDT_ASM_INLINE
#endif

#define USDTRACE_SDT_SITE(provider, name, sem, nargs, ...) \
	__asm__ __volatile__ USDTRACE_SDT_ASM_INLINE(USDTRACE_SDT_ASM(provider, name, sem, \
		USDTRACE_SDT_ASM_ARGS##nargs) : : __VA_ARGS__)

/* Operand lists for 0..12 arguments. The 0-argument list is a dummy constant operand so that
 * every site has the same "asm(... : : operands)" shape. */
#define USDTRACE_SDT_OPS0() [usdt_none] "n"(0)
#define USDTRACE_SDT_OPS1(a1) USDTRACE_SDT_OP(1, a1)
#define USDTRACE_SDT_OPS2(a1, a2) USDTRACE_SDT_OPS1(a1), USDTRACE_SDT_OP(2, a2)
#define USDTRACE_SDT_OPS3(a1, a2, a3) USDTRACE_SDT_OPS2(a1, a2), USDTRACE_SDT_OP(3, a3)
#define USDTRACE_SDT_OPS4(a1, a2, a3, a4) USDTRACE_SDT_OPS3(a1, a2, a3), USDTRACE_SDT_OP(4, a4)
#define USDTRACE_SDT_OPS5(a1, a2, a3, a4, a5) \
	USDTRACE_SDT_OPS4(a1, a2, a3, a4), USDTRACE_SDT_OP(5, a5)
#define USDTRACE_SDT_OPS6(a1, a2, a3, a4, a5, a6) \
	USDTRACE_SDT_OPS5(a1, a2, a3, a4, a5), USDTRACE_SDT_OP(6, a6)
#define USDTRACE_SDT_OPS7(a1, a2, a3, a4, a5, a6, a7) \
	USDTRACE_SDT_OPS6(a1, a2, a3, a4, a5, a6), USDTRACE_SDT_OP(7, a7)
#define USDTRACE_SDT_OPS8(a1, a2, a3, a4, a5, a6, a7, a8) \
	USDTRACE_SDT_OPS7(a1, a2, a3, a4, a5, a6, a7), USDTRACE_SDT_OP(8, a8)
#define USDTRACE_SDT_OPS9(a1, a2, a3, a4, a5, a6, a7, a8, a9) \
	USDTRACE_SDT_OPS8(a1, a2, a3, a4, a5, a6, a7, a8), USDTRACE_SDT_OP(9, a9)
#define USDTRACE_SDT_OPS10(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) \
	USDTRACE_SDT_OPS9(a1, a2, a3, a4, a5, a6, a7, a8, a9), USDTRACE_SDT_OP(10, a10)
#define USDTRACE_SDT_OPS11(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) \
	USDTRACE_SDT_OPS10(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10), USDTRACE_SDT_OP(11, a11)
#define USDTRACE_SDT_OPS12(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) \
	USDTRACE_SDT_OPS11(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11), USDTRACE_SDT_OP(12, a12)

#define USDTRACE_SDT_PROBE(provider, name, sem, nargs, ...) \
	USDTRACE_SDT_SITE(provider, name, sem, nargs, USDTRACE_SDT_OPS##nargs(__VA_ARGS__))

/* ---- DTrace-compatible fixed-arity forms ------------------------------------------------- */
/* Left to systemtap's <sys/sdt.h> when it came first (a build that includes both, as DTrace's
 * own tests do): its forms write the same notes, and defining ours over them would warn. */
#ifndef DTRACE_PROBE
#define DTRACE_PROBE(p, n) USDTRACE_SDT_PROBE(p, n, "0", 0, )
#define DTRACE_PROBE1(p, n, a1) USDTRACE_SDT_PROBE(p, n, "0", 1, a1)
#define DTRACE_PROBE2(p, n, a1, a2) USDTRACE_SDT_PROBE(p, n, "0", 2, a1, a2)
#define DTRACE_PROBE3(p, n, a1, a2, a3) USDTRACE_SDT_PROBE(p, n, "0", 3, a1, a2, a3)
#define DTRACE_PROBE4(p, n, a1, a2, a3, a4) USDTRACE_SDT_PROBE(p, n, "0", 4, a1, a2, a3, a4)
#define DTRACE_PROBE5(p, n, a1, a2, a3, a4, a5) \
	USDTRACE_SDT_PROBE(p, n, "0", 5, a1, a2, a3, a4, a5)
#define DTRACE_PROBE6(p, n, a1, a2, a3, a4, a5, a6) \
	USDTRACE_SDT_PROBE(p, n, "0", 6, a1, a2, a3, a4, a5, a6)
#define DTRACE_PROBE7(p, n, a1, a2, a3, a4, a5, a6, a7) \
	USDTRACE_SDT_PROBE(p, n, "0", 7, a1, a2, a3, a4, a5, a6, a7)
#define DTRACE_PROBE8(p, n, a1, a2, a3, a4, a5, a6, a7, a8) \
	USDTRACE_SDT_PROBE(p, n, "0", 8, a1, a2, a3, a4, a5, a6, a7, a8)
#define DTRACE_PROBE9(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9) \
	USDTRACE_SDT_PROBE(p, n, "0", 9, a1, a2, a3, a4, a5, a6, a7, a8, a9)
#define DTRACE_PROBE10(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10) \
	USDTRACE_SDT_PROBE(p, n, "0", 10, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10)
#define DTRACE_PROBE11(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11) \
	USDTRACE_SDT_PROBE(p, n, "0", 11, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11)
#define DTRACE_PROBE12(p, n, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12) \
	USDTRACE_SDT_PROBE(p, n, "0", 12, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12)
#endif

/* ---- Variadic forms ----------------------------------------------------------------------
 * The macros take everything as __VA_ARGS__ (provider and name included) so that the
 * no-argument call USDT(p, n) still passes at least one variadic argument, which C99 and
 * C++11 require under -pedantic. USDTRACE_SDT_NARG counts provider, name and arguments. */
#define USDTRACE_SDT_NARG_(_1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _13, _14, N, ...) N
#define USDTRACE_SDT_NARG(...) \
	USDTRACE_SDT_NARG_(__VA_ARGS__, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, bad)

#define USDTRACE_SDT_PLAIN_(n, ...) USDTRACE_SDT_CAT(USDTRACE_SDT_PLAIN, n)(__VA_ARGS__)
#define USDTRACE_SDT_PLAIN0(p, n) DTRACE_PROBE(p, n)
#define USDTRACE_SDT_PLAIN1 DTRACE_PROBE1
#define USDTRACE_SDT_PLAIN2 DTRACE_PROBE2
#define USDTRACE_SDT_PLAIN3 DTRACE_PROBE3
#define USDTRACE_SDT_PLAIN4 DTRACE_PROBE4
#define USDTRACE_SDT_PLAIN5 DTRACE_PROBE5
#define USDTRACE_SDT_PLAIN6 DTRACE_PROBE6
#define USDTRACE_SDT_PLAIN7 DTRACE_PROBE7
#define USDTRACE_SDT_PLAIN8 DTRACE_PROBE8
#define USDTRACE_SDT_PLAIN9 DTRACE_PROBE9
#define USDTRACE_SDT_PLAIN10 DTRACE_PROBE10
#define USDTRACE_SDT_PLAIN11 DTRACE_PROBE11
#define USDTRACE_SDT_PLAIN12 DTRACE_PROBE12
#define USDT(...) USDTRACE_SDT_PLAIN_(USDTRACE_SDT_NARG(__VA_ARGS__), __VA_ARGS__)

/* ---- Semaphores --------------------------------------------------------------------------
 * The semaphore is a counter tracers increment (the kernel does it for uprobes registered with
 * a ref_ctr_offset) while they trace the probe. It lives in ".probes" as SystemTap's do, and
 * is hidden: PIC code then reaches it without the GOT, and each executable or library has its
 * own. The asm label pins the symbol name even inside a C++ namespace, because the note names
 * the symbol in assembler text. */
#define USDTRACE_SDT_SEMATTR \
	__attribute__((section(".probes"), visibility("hidden")))
#define USDT_DEFINE_SEMAPHORE(provider, name) \
	__extension__ unsigned short USDTRACE_SDT_SEMNAME(provider, name) \
	__asm__(USDTRACE_SDT_SEMSTR(provider, name)) USDTRACE_SDT_SEMATTR __attribute__((used)) = 0
#define USDT_DECLARE_SEMAPHORE(provider, name) \
	__extension__ extern unsigned short USDTRACE_SDT_SEMNAME(provider, name) \
	__asm__(USDTRACE_SDT_SEMSTR(provider, name)) USDTRACE_SDT_SEMATTR

/* The volatile read: the compiler must not hoist the test out of a loop, since the counter
 * changes behind its back. */
#ifdef __cplusplus
# define USDTRACE_SDT_VREAD(sym) const_cast<volatile unsigned short &>(sym)
#else
# define USDTRACE_SDT_VREAD(sym) (*(volatile unsigned short *)&(sym))
#endif
/* "!!" makes the result an int (bool in C++) without a cast -Wconversion or -Wold-style-cast
 * would flag in the user's code. */
#define USDT_ENABLED(provider, name) \
	(!!__builtin_expect(USDTRACE_SDT_VREAD(USDTRACE_SDT_SEMNAME(provider, name)) != 0, 0))
#define DTRACE_PROBE_ENABLED(provider, name) USDT_ENABLED(provider, name)

#define USDTRACE_SDT_SEM_(n, p, nm, ...) \
	USDTRACE_SDT_PROBE(p, nm, USDTRACE_SDT_SEMSTR(p, nm), n, __VA_ARGS__)
#define USDTRACE_SDT_SEM_0(p, nm) USDTRACE_SDT_PROBE(p, nm, USDTRACE_SDT_SEMSTR(p, nm), 0, )
#define USDTRACE_SDT_SEM_SEL(n, ...) \
	USDTRACE_SDT_CAT(USDTRACE_SDT_SEM_PICK, USDTRACE_SDT_ISZERO(n))(n, __VA_ARGS__)
#define USDTRACE_SDT_SEM_PICK1(n, p, nm) USDTRACE_SDT_SEM_0(p, nm)
#define USDTRACE_SDT_SEM_PICK0(n, ...) USDTRACE_SDT_SEM_(n, __VA_ARGS__)
#define USDTRACE_SDT_ISZERO(n) USDTRACE_SDT_CAT(USDTRACE_SDT_ISZERO_, n)
#define USDTRACE_SDT_ISZERO_0 1
#define USDTRACE_SDT_ISZERO_1 0
#define USDTRACE_SDT_ISZERO_2 0
#define USDTRACE_SDT_ISZERO_3 0
#define USDTRACE_SDT_ISZERO_4 0
#define USDTRACE_SDT_ISZERO_5 0
#define USDTRACE_SDT_ISZERO_6 0
#define USDTRACE_SDT_ISZERO_7 0
#define USDTRACE_SDT_ISZERO_8 0
#define USDTRACE_SDT_ISZERO_9 0
#define USDTRACE_SDT_ISZERO_10 0
#define USDTRACE_SDT_ISZERO_11 0
#define USDTRACE_SDT_ISZERO_12 0

/* The sizeof makes a missing USDT_DECLARE_SEMAPHORE a compile error naming the semaphore,
 * instead of a link error naming an assembler symbol. */
#define USDT_WITH_SEMAPHORE(...) \
	do { \
		(void)sizeof(USDTRACE_SDT_SEMNAME_V(__VA_ARGS__, ~)); \
		USDTRACE_SDT_SEM_SEL(USDTRACE_SDT_NARG(__VA_ARGS__), __VA_ARGS__); \
	} while (0)
#define USDTRACE_SDT_SEMNAME_V(p, nm, ...) USDTRACE_SDT_SEMNAME(p, nm)

#define USDT_GUARDED(...) \
	do { \
		if (USDT_ENABLED_V(__VA_ARGS__, ~)) \
			USDT_WITH_SEMAPHORE(__VA_ARGS__); \
	} while (0)
#define USDT_ENABLED_V(p, nm, ...) USDT_ENABLED(p, nm)

#endif /* USDTRACE_SDT_H */
