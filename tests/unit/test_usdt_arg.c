/* test_usdt_arg.c — every x86-64 operand form of a stapsdt argument, and the invalid ones.
 * Register offsets are checked against <sys/user.h>'s user_regs_struct, an independent
 * definition of the same layout. */
#include <stddef.h>
#include <sys/user.h>

#include "t.h"
#include "usdt_arg.h"

static struct usdt_arg parse(const char *s)
{
	struct usdt_arg a;
	usdt_arg_parse(s, strlen(s), &a);
	return a;
}

/* Parse, check it decoded, and check that describe() gives `desc`. */
#define OK(S, D)                                                                         \
	struct usdt_arg a = parse(S);                                                    \
	T_EQ_STR(a.spec, S);                                                             \
	if (a.kind == USDT_LOC_INVALID) T_EQ_STR(a.error, "(decoded)");                  \
	do { char *d_ = usdt_arg_describe(&a); T_EQ_STR(d_, D); free(d_); } while (0)

#define BAD(S, MSG)                                                                      \
	do { struct usdt_arg b_ = parse(S);                                              \
	     T_EQ_INT(b_.kind, USDT_LOC_INVALID);                                        \
	     T_CHECK(b_.error && strstr(b_.error, MSG));                                 \
	     if (!b_.error || !strstr(b_.error, MSG))                                    \
		     printf("# %s: error was '%s'\n", S, b_.error ? b_.error : "(null)");   \
	     usdt_arg_free(&b_); } while (0)

static void check_reg(const char *spec, enum usdt_reg reg, int width, int shift, int size, bool sgn)
{
	struct usdt_arg a = parse(spec);
	T_EQ_INT(a.kind, USDT_LOC_REG);
	T_EQ_INT(a.reg, reg);
	T_EQ_INT(a.reg_width, width);
	T_EQ_INT(a.reg_shift, shift);
	T_EQ_INT(a.size, size);
	T_EQ_INT(a.is_signed, sgn);
	char *d = usdt_arg_describe(&a);
	T_EQ_STR(d, strchr(spec, '@') ? strchr(spec, '@') + 1 : spec);
	free(d);
	usdt_arg_free(&a);
}

T_CASE(registers_64)
{
	check_reg("8@%rax", USDT_REG_RAX, 8, 0, 8, false);
	check_reg("-8@%rbx", USDT_REG_RBX, 8, 0, 8, true);
	check_reg("8@%rcx", USDT_REG_RCX, 8, 0, 8, false);
	check_reg("8@%rdx", USDT_REG_RDX, 8, 0, 8, false);
	check_reg("8@%rsi", USDT_REG_RSI, 8, 0, 8, false);
	check_reg("8@%rdi", USDT_REG_RDI, 8, 0, 8, false);
	check_reg("8@%rbp", USDT_REG_RBP, 8, 0, 8, false);
	check_reg("8@%rsp", USDT_REG_RSP, 8, 0, 8, false);
	check_reg("8@%r8", USDT_REG_R8, 8, 0, 8, false);
	check_reg("8@%r9", USDT_REG_R9, 8, 0, 8, false);
	check_reg("8@%r10", USDT_REG_R10, 8, 0, 8, false);
	check_reg("8@%r11", USDT_REG_R11, 8, 0, 8, false);
	check_reg("8@%r12", USDT_REG_R12, 8, 0, 8, false);
	check_reg("8@%r13", USDT_REG_R13, 8, 0, 8, false);
	check_reg("8@%r14", USDT_REG_R14, 8, 0, 8, false);
	check_reg("-8@%r15", USDT_REG_R15, 8, 0, 8, true);
}

T_CASE(registers_narrow)
{
	check_reg("-4@%eax", USDT_REG_RAX, 4, 0, 4, true);
	check_reg("2@%ax", USDT_REG_RAX, 2, 0, 2, false);
	check_reg("1@%al", USDT_REG_RAX, 1, 0, 1, false);
	check_reg("-1@%ah", USDT_REG_RAX, 1, 8, 1, true);
	check_reg("1@%bh", USDT_REG_RBX, 1, 8, 1, false);
	check_reg("1@%ch", USDT_REG_RCX, 1, 8, 1, false);
	check_reg("1@%dh", USDT_REG_RDX, 1, 8, 1, false);
	check_reg("1@%bl", USDT_REG_RBX, 1, 0, 1, false);
	check_reg("4@%ebx", USDT_REG_RBX, 4, 0, 4, false);
	check_reg("2@%cx", USDT_REG_RCX, 2, 0, 2, false);
	check_reg("1@%cl", USDT_REG_RCX, 1, 0, 1, false);
	check_reg("4@%edx", USDT_REG_RDX, 4, 0, 4, false);
	check_reg("1@%dl", USDT_REG_RDX, 1, 0, 1, false);
	check_reg("4@%esi", USDT_REG_RSI, 4, 0, 4, false);
	check_reg("2@%si", USDT_REG_RSI, 2, 0, 2, false);
	check_reg("1@%sil", USDT_REG_RSI, 1, 0, 1, false);
	check_reg("4@%edi", USDT_REG_RDI, 4, 0, 4, false);
	check_reg("-2@%di", USDT_REG_RDI, 2, 0, 2, true);
	check_reg("1@%dil", USDT_REG_RDI, 1, 0, 1, false);
	check_reg("4@%ebp", USDT_REG_RBP, 4, 0, 4, false);
	check_reg("2@%bp", USDT_REG_RBP, 2, 0, 2, false);
	check_reg("1@%bpl", USDT_REG_RBP, 1, 0, 1, false);
	check_reg("4@%esp", USDT_REG_RSP, 4, 0, 4, false);
	check_reg("2@%sp", USDT_REG_RSP, 2, 0, 2, false);
	check_reg("1@%spl", USDT_REG_RSP, 1, 0, 1, false);
	check_reg("-4@%r8d", USDT_REG_R8, 4, 0, 4, true);
	check_reg("2@%r8w", USDT_REG_R8, 2, 0, 2, false);
	check_reg("1@%r8b", USDT_REG_R8, 1, 0, 1, false);
	check_reg("-1@%r9b", USDT_REG_R9, 1, 0, 1, true);
	check_reg("4@%r15d", USDT_REG_R15, 4, 0, 4, false);
	check_reg("2@%r12w", USDT_REG_R12, 2, 0, 2, false);
	/* %r8l is the old Intel-style spelling of %r8b; describe prints the canonical one. */
	struct usdt_arg a = parse("1@%r8l");
	T_EQ_INT(a.kind, USDT_LOC_REG);
	T_EQ_INT(a.reg, USDT_REG_R8);
	T_EQ_INT(a.reg_width, 1);
	char *d = usdt_arg_describe(&a);
	T_EQ_STR(d, "%r8b");
	free(d);
	usdt_arg_free(&a);
}

T_CASE(registers_xmm)
{
	check_reg("8f@%xmm0", USDT_REG_XMM0, 16, 0, 8, false);
	check_reg("4f@%xmm1", USDT_REG_XMM0 + 1, 16, 0, 4, false);
	check_reg("8f@%xmm15", USDT_REG_XMM15, 16, 0, 8, false);
	struct usdt_arg a = parse("8f@%xmm9");
	T_CHECK(a.is_float);
	T_EQ_STR(usdt_arg_native_type(&a), "double");
	usdt_arg_free(&a);
	a = parse("4f@%xmm2");
	T_EQ_STR(usdt_arg_native_type(&a), "float");
	usdt_arg_free(&a);
	BAD("8f@%xmm16", "unknown register");
	BAD("8f@%xmm01", "unknown register");
}

T_CASE(reg_lookup)
{
	uint8_t w = 0, sh = 0;
	T_EQ_INT(usdt_reg_lookup("%eax", 4, &w, &sh), USDT_REG_RAX);
	T_EQ_INT(w, 4);
	T_EQ_INT(usdt_reg_lookup("ah", 2, &w, &sh), USDT_REG_RAX);
	T_EQ_INT(sh, 8);
	T_EQ_INT(usdt_reg_lookup("r13w", 4, &w, &sh), USDT_REG_R13);
	T_EQ_INT(w, 2);
	T_EQ_INT(sh, 0);
	T_EQ_INT(usdt_reg_lookup("xmm7", 4, &w, &sh), USDT_REG_XMM0 + 7);
	T_EQ_INT(w, 16);
	/* Length bounds the name: "raxjunk" with len 3 is rax. */
	T_EQ_INT(usdt_reg_lookup("raxjunk", 3, &w, &sh), USDT_REG_RAX);
	T_EQ_INT(usdt_reg_lookup("r16", 3, &w, &sh), USDT_REG_NONE);
	T_EQ_INT(usdt_reg_lookup("r7", 2, &w, &sh), USDT_REG_NONE);
	T_EQ_INT(usdt_reg_lookup("r08", 3, &w, &sh), USDT_REG_NONE);
	T_EQ_INT(usdt_reg_lookup("r8q", 3, &w, &sh), USDT_REG_NONE);
	T_EQ_INT(usdt_reg_lookup("foo", 3, &w, &sh), USDT_REG_NONE);
	T_EQ_INT(usdt_reg_lookup("", 0, &w, &sh), USDT_REG_NONE);
	T_EQ_INT(usdt_reg_lookup("%", 1, NULL, NULL), USDT_REG_NONE);
	T_EQ_STR(usdt_reg_name(USDT_REG_R11), "r11");
	T_EQ_STR(usdt_reg_name(USDT_REG_XMM0 + 3), "xmm3");
	T_EQ_STR(usdt_reg_name(USDT_REG_RIP), "rip");
	T_CHECK(usdt_reg_name(USDT_REG_NONE) == NULL);
	T_CHECK(usdt_reg_name(USDT_REG_COUNT) == NULL);
}

T_CASE(ptregs_offsets)
{
	struct { enum usdt_reg reg; size_t off; } w[] = {
		{USDT_REG_RAX, offsetof(struct user_regs_struct, rax)},
		{USDT_REG_RBX, offsetof(struct user_regs_struct, rbx)},
		{USDT_REG_RCX, offsetof(struct user_regs_struct, rcx)},
		{USDT_REG_RDX, offsetof(struct user_regs_struct, rdx)},
		{USDT_REG_RSI, offsetof(struct user_regs_struct, rsi)},
		{USDT_REG_RDI, offsetof(struct user_regs_struct, rdi)},
		{USDT_REG_RBP, offsetof(struct user_regs_struct, rbp)},
		{USDT_REG_RSP, offsetof(struct user_regs_struct, rsp)},
		{USDT_REG_R8, offsetof(struct user_regs_struct, r8)},
		{USDT_REG_R9, offsetof(struct user_regs_struct, r9)},
		{USDT_REG_R10, offsetof(struct user_regs_struct, r10)},
		{USDT_REG_R11, offsetof(struct user_regs_struct, r11)},
		{USDT_REG_R12, offsetof(struct user_regs_struct, r12)},
		{USDT_REG_R13, offsetof(struct user_regs_struct, r13)},
		{USDT_REG_R14, offsetof(struct user_regs_struct, r14)},
		{USDT_REG_R15, offsetof(struct user_regs_struct, r15)},
		{USDT_REG_RIP, offsetof(struct user_regs_struct, rip)},
	};
	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
		if (usdt_reg_ptregs_offset(w[i].reg) != (int)w[i].off)
			printf("# %s\n", usdt_reg_name(w[i].reg));
		T_EQ_INT(usdt_reg_ptregs_offset(w[i].reg), w[i].off);
	}
	T_EQ_INT(usdt_reg_ptregs_offset(USDT_REG_XMM0), -1);
	T_EQ_INT(usdt_reg_ptregs_offset(USDT_REG_XMM15), -1);
	T_EQ_INT(usdt_reg_ptregs_offset(USDT_REG_NONE), -1);
}

T_CASE(immediates)
{
	{ OK("4@$42", "$42"); T_EQ_INT(a.kind, USDT_LOC_IMM); T_EQ_INT(a.disp, 42); T_EQ_INT(a.size, 4); usdt_arg_free(&a); }
	{ OK("-4@$-5", "$-5"); T_EQ_INT(a.disp, -5); T_CHECK(a.is_signed); usdt_arg_free(&a); }
	{ OK("8@$0x1f", "$31"); T_EQ_INT(a.disp, 31); usdt_arg_free(&a); }
	{ OK("1@$0", "$0"); T_EQ_INT(a.disp, 0); usdt_arg_free(&a); }
	{ OK("8@$0xffffffffffffffff", "$-1"); T_EQ_INT(a.disp, -1); usdt_arg_free(&a); }
	{ OK("-8@$-9223372036854775808", "$-9223372036854775808"); T_EQ_INT(a.disp, INT64_MIN); usdt_arg_free(&a); }
	{ OK("8@$sym", "$sym"); T_EQ_INT(a.kind, USDT_LOC_IMM); T_EQ_STR(a.sym, "sym"); T_CHECK(!a.sym_resolved); usdt_arg_free(&a); }
	BAD("4@$", "missing value");
	BAD("4@$0x", "bad number");
	BAD("4@$99999999999999999999", "out of range");
	BAD("4@$08", "bad number");
}

T_CASE(memory_base)
{
	{ OK("-4@-8(%rbp)", "-8(%rbp)"); T_EQ_INT(a.kind, USDT_LOC_MEM); T_EQ_INT(a.base, USDT_REG_RBP);
	  T_EQ_INT(a.disp, -8); T_EQ_INT(a.index, USDT_REG_NONE); T_CHECK(!a.sym); usdt_arg_free(&a); }
	{ OK("8@(%rax)", "(%rax)"); T_EQ_INT(a.base, USDT_REG_RAX); T_EQ_INT(a.disp, 0); usdt_arg_free(&a); }
	{ OK("4@16(%r12)", "16(%r12)"); T_EQ_INT(a.base, USDT_REG_R12); T_EQ_INT(a.disp, 16); usdt_arg_free(&a); }
	{ OK("4@0x10(%rsp)", "16(%rsp)"); T_EQ_INT(a.disp, 16); usdt_arg_free(&a); }
}

T_CASE(memory_index)
{
	{ OK("8@(%rax,%rbx,4)", "(%rax,%rbx,4)"); T_EQ_INT(a.base, USDT_REG_RAX); T_EQ_INT(a.index, USDT_REG_RBX);
	  T_EQ_INT(a.scale, 4); T_EQ_INT(a.disp, 0); usdt_arg_free(&a); }
	{ OK("8@0x10(%rax,%rbx,4)", "16(%rax,%rbx,4)"); T_EQ_INT(a.disp, 16); usdt_arg_free(&a); }
	{ OK("-2@-24(%rdi,%r9,2)", "-24(%rdi,%r9,2)"); T_EQ_INT(a.index, USDT_REG_R9); T_EQ_INT(a.scale, 2); usdt_arg_free(&a); }
	{ OK("8@(,%rcx,8)", "(,%rcx,8)"); T_EQ_INT(a.base, USDT_REG_NONE); T_EQ_INT(a.index, USDT_REG_RCX);
	  T_EQ_INT(a.scale, 8); usdt_arg_free(&a); }
	{ OK("8@tab(,%rcx,8)", "tab(,%rcx,8)"); T_EQ_STR(a.sym, "tab"); usdt_arg_free(&a); }
	{ OK("8@(%rax,%rbx)", "(%rax,%rbx,1)"); T_EQ_INT(a.scale, 1); usdt_arg_free(&a); }
	BAD("8@(%rax,%rbx,3)", "bad scale");
	BAD("8@(%rax,%rbx,)", "bad scale");
	BAD("8@(%rax,%rsp,2)", "index register");
	BAD("8@(%eax)", "base register must be");
	BAD("8@(%rax", "expected ')'");
	BAD("8@()", "empty memory operand");
	BAD("8@(%rax,%rbx,4)junk", "unsupported operand 'junk'");
}

T_CASE(memory_rip_symbols)
{
	{ OK("4@counter(%rip)", "counter(%rip)"); T_EQ_INT(a.kind, USDT_LOC_MEM); T_EQ_INT(a.base, USDT_REG_RIP);
	  T_EQ_STR(a.sym, "counter"); T_EQ_INT(a.disp, 0); T_CHECK(!a.sym_resolved); usdt_arg_free(&a); }
	{ OK("8@buf+8(%rip)", "buf+8(%rip)"); T_EQ_INT(a.disp, 8); T_EQ_STR(a.sym, "buf"); usdt_arg_free(&a); }
	{ OK("8@buf-8(%rip)", "buf-8(%rip)"); T_EQ_INT(a.disp, -8); usdt_arg_free(&a); }
	{ OK("8@16+buf(%rip)", "buf+16(%rip)"); T_EQ_INT(a.disp, 16); usdt_arg_free(&a); }
	{ OK("4@buf.0(%rip)", "buf.0(%rip)"); T_EQ_STR(a.sym, "buf.0"); usdt_arg_free(&a); }
	{ OK("4@_ZN3foo3barE(%rip)", "_ZN3foo3barE(%rip)"); T_EQ_STR(a.sym, "_ZN3foo3barE"); usdt_arg_free(&a); }
	{ OK("4@a$b.c_1(%rip)", "a$b.c_1(%rip)"); T_EQ_STR(a.sym, "a$b.c_1"); usdt_arg_free(&a); }
	BAD("8@x@GOTPCREL(%rip)", "unsupported relocation '@GOTPCREL'");
	BAD("8@16(%rip)", "without a symbol");
	BAD("8@-buf(%rip)", "negated symbol");
	BAD("8@a+b(%rip)", "two symbols");
}

T_CASE(absolute)
{
	{ OK("4@counter", "counter"); T_EQ_INT(a.kind, USDT_LOC_MEM); T_EQ_INT(a.base, USDT_REG_NONE);
	  T_EQ_STR(a.sym, "counter"); usdt_arg_free(&a); }
	{ OK("4@counter+8", "counter+8"); T_EQ_INT(a.disp, 8); usdt_arg_free(&a); }
	{ OK("8@0x601040", "6295616"); T_EQ_INT(a.kind, USDT_LOC_MEM); T_EQ_INT(a.disp, 0x601040);
	  T_CHECK(!a.sym); usdt_arg_free(&a); }
	BAD("4@counter+", "ends after a sign");
	BAD("4@counter@plt", "unsupported relocation '@plt'");
}

T_CASE(tls)
{
	{ OK("4@%fs:tv@tpoff", "%fs:tv@tpoff"); T_EQ_INT(a.kind, USDT_LOC_TLS); T_EQ_STR(a.sym, "tv");
	  T_EQ_INT(a.disp, 0); usdt_arg_free(&a); }
	/* What gcc -O2 prints for tarr[2] of a __thread long[]. */
	{ OK("8@%fs:16+tarr@tpoff", "%fs:tarr@tpoff+16"); T_EQ_STR(a.sym, "tarr"); T_EQ_INT(a.disp, 16); usdt_arg_free(&a); }
	{ OK("8@%fs:tarr@tpoff+8", "%fs:tarr@tpoff+8"); T_EQ_INT(a.disp, 8); usdt_arg_free(&a); }
	{ OK("-8@%fs:-16", "%fs:-16"); T_EQ_INT(a.kind, USDT_LOC_TLS); T_EQ_INT(a.disp, -16); T_CHECK(!a.sym); usdt_arg_free(&a); }
	{ OK("8@%fs:16", "%fs:16"); T_EQ_INT(a.disp, 16); usdt_arg_free(&a); }
	{ OK("8@%fs:0", "%fs:0"); T_EQ_INT(a.disp, 0); usdt_arg_free(&a); }
	BAD("4@%fs:tv", "without @tpoff");
	BAD("4@%fs:tv@dtpoff", "unsupported relocation '@dtpoff'");
	BAD("4@%gs:16", "unsupported segment '%gs'");
	BAD("4@%fs:(%rax)", "register-relative");
	BAD("4@tv@tpoff", "unsupported relocation '@tpoff'");
}

T_CASE(sizes_and_prefix)
{
	{ OK("%rdi", "%rdi"); T_EQ_INT(a.size, 8); T_CHECK(a.is_signed); usdt_arg_free(&a); }
	{ OK("-8(%rbp)", "-8(%rbp)"); T_EQ_INT(a.size, 8); T_EQ_INT(a.kind, USDT_LOC_MEM); usdt_arg_free(&a); }
	{ OK("$7", "$7"); T_EQ_INT(a.size, 8); T_EQ_INT(a.disp, 7); usdt_arg_free(&a); }
	{ OK("2@%ax", "%ax"); T_EQ_STR(usdt_arg_native_type(&a), "uint16_t"); usdt_arg_free(&a); }
	{ OK("-1@%al", "%al"); T_EQ_STR(usdt_arg_native_type(&a), "int8_t"); usdt_arg_free(&a); }
	{ OK("-8@%rax", "%rax"); T_EQ_STR(usdt_arg_native_type(&a), "int64_t"); usdt_arg_free(&a); }
	{ OK("4@%eax", "%eax"); T_EQ_STR(usdt_arg_native_type(&a), "uint32_t"); usdt_arg_free(&a); }
	BAD("3@%eax", "bad size '3'");
	BAD("16@%rax", "bad size '16'");
	BAD("0@%rax", "bad size '0'");
	BAD("1f@%xmm0", "bad float size");
	BAD("4@", "empty operand");
	BAD("4@%foo", "unknown register '%foo'");
	BAD("4@%", "unknown register '%'");
	BAD("4@%rip", "%rip as a value");
	BAD("4@*%rax", "unexpected '*'");
	BAD("", "empty operand");
}

T_CASE(invalid_keeps_spec)
{
	struct usdt_arg a = parse("3@%eax");
	T_EQ_STR(a.spec, "3@%eax");
	char *d = usdt_arg_describe(&a);
	T_CHECK(strstr(d, "bad size") != NULL);
	free(d);
	usdt_arg_free(&a);
	usdt_arg_free(&a); /* idempotent */
}

T_CASE(args_split)
{
	struct usdt_arg *args;
	int bad = -1;
	int n = usdt_args_parse("  -4@%edi 8@16(%rbx,%rcx,8)\t3@%eax  8f@%xmm0 ", &args, &bad);
	T_EQ_INT(n, 4);
	T_EQ_INT(bad, 1);
	T_EQ_STR(args[0].spec, "-4@%edi");
	T_EQ_STR(args[1].spec, "8@16(%rbx,%rcx,8)");
	T_EQ_INT(args[1].index, USDT_REG_RCX);
	T_EQ_INT(args[2].kind, USDT_LOC_INVALID);
	T_EQ_INT(args[3].reg, USDT_REG_XMM0);
	usdt_args_free(args, n);

	n = usdt_args_parse("", &args, &bad);
	T_EQ_INT(n, 0);
	T_CHECK(args == NULL);
	T_EQ_INT(bad, 0);
	n = usdt_args_parse("   ", &args, NULL);
	T_EQ_INT(n, 0);
}

/* Every prefix of a valid spec, and assorted junk, must neither crash nor read out of bounds
 * (ASan build): the parser is handed exact lengths, not NUL-terminated strings. */
T_CASE(no_overruns)
{
	static const char *specs[] = {
		"-4@-24(%rbp,%r11,8)", "8@%fs:16+tarr@tpoff", "8@buf-8(%rip)", "8f@%xmm15",
		"-1@%r9b", "8@$0xdeadbeef", "4@(,%rcx,2)",
	};
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		size_t len = strlen(specs[i]);
		for (size_t n = 0; n <= len; n++) {
			char *copy = malloc(n ? n : 1); /* exactly n bytes, no terminator */
			memcpy(copy, specs[i], n);
			struct usdt_arg a;
			usdt_arg_parse(copy, n, &a);
			char *d = usdt_arg_describe(&a);
			free(d);
			usdt_arg_free(&a);
			free(copy);
		}
	}
	T_CHECK(1);
}

/* Random strings over the operand alphabet: every outcome must be a decoded argument or an
 * INVALID one with a message, and describe() must work on both. */
T_CASE(random_specs)
{
	static const char alphabet[] = "-0123456789@f%$(),:+xabcdeilrspqtwmo_.";
	unsigned seed = 12345;
	int decoded = 0, invalid = 0;
	for (int iter = 0; iter < 50000; iter++) {
		char buf[24];
		size_t n = (seed = seed * 1103515245 + 12345) >> 16 & 15;
		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245 + 12345;
			buf[i] = alphabet[(seed >> 16) % (sizeof(alphabet) - 1)];
		}
		struct usdt_arg a;
		if (usdt_arg_parse(buf, n, &a) == 0) {
			decoded++;
			T_CHECK(a.kind != USDT_LOC_INVALID && a.error == NULL);
			T_CHECK(a.size == 1 || a.size == 2 || a.size == 4 || a.size == 8);
		} else {
			invalid++;
			T_CHECK(a.kind == USDT_LOC_INVALID && a.error && a.error[0]);
		}
		char *d = usdt_arg_describe(&a);
		T_CHECK(d != NULL);
		free(d);
		usdt_arg_free(&a);
	}
	printf("# %d decoded, %d invalid\n", decoded, invalid);
	T_CHECK(decoded > 0 && invalid > 0);
}

/* describe() output parses back to the same location. */
T_CASE(describe_round_trip)
{
	static const char *specs[] = {
		"-4@%edi", "1@%ah", "-1@%r9b", "8@$-5", "8@-8(%rbp)", "8@16(%rax,%rbx,4)", "8@(,%rcx,8)",
		"8@buf+8(%rip)", "8@buf-8(%rip)", "8@sym", "8@sym+8", "8@%fs:16+tarr@tpoff", "8@%fs:-16",
		"8f@%xmm7", "8@tab(,%rdx,2)",
	};
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		struct usdt_arg a = parse(specs[i]), b;
		char *d = usdt_arg_describe(&a);
		usdt_arg_parse(d, strlen(d), &b);
		T_EQ_INT(b.kind, a.kind);
		T_EQ_INT(b.reg, a.reg);
		T_EQ_INT(b.reg_width, a.reg_width);
		T_EQ_INT(b.reg_shift, a.reg_shift);
		T_EQ_INT(b.disp, a.disp);
		T_EQ_INT(b.base, a.base);
		T_EQ_INT(b.index, a.index);
		T_EQ_INT(b.scale, a.scale);
		T_CHECK((a.sym == NULL) == (b.sym == NULL));
		if (a.sym && b.sym)
			T_EQ_STR(b.sym, a.sym);
		free(d);
		usdt_arg_free(&a);
		usdt_arg_free(&b);
	}
}

T_MAIN()
