/* test_usdt_spec.c — encoding USDT sites into the specs BPF programs read: every operand
 * form, symbol handling in executables and in position-independent objects, what cannot be
 * read (vector registers, unresolved symbols), and the names value. Register word indexes are
 * checked against <sys/user.h>'s user_regs_struct, an independent definition of pt_regs. */
#include <elf.h>
#include <stddef.h>
#include <sys/user.h>

#include "t.h"
#include "usdt_spec.h"

#define W(reg) ((int)(offsetof(struct user_regs_struct, reg) / 8))

struct fixture {
	struct usdt_file f;
	struct usdt_site s;
	struct dobj_usdt_spec spec;
	char *why;
	int bad;
};

/* One site at pc 0x1000 with the given argument string; symbols resolve to 0x5000 (MEM) or
 * -64 (TLS) when `resolve`. */
static void encode(struct fixture *x, int elf_type, const char *args, bool resolve)
{
	memset(x, 0, sizeof(*x));
	x->f.elf_type = elf_type;
	x->s.pc = 0x1000;
	x->s.nargs = usdt_args_parse(args, &x->s.args, NULL);
	for (int i = 0; i < x->s.nargs && resolve; i++)
		if (x->s.args[i].sym) {
			x->s.args[i].sym_resolved = true;
			x->s.args[i].sym_addr = x->s.args[i].kind == USDT_LOC_TLS ? -64 : 0x5000;
		}
	x->bad = usdt_spec_encode(&x->f, &x->s, &x->spec, &x->why);
}

static void done(struct fixture *x)
{
	usdt_args_free(x->s.args, x->s.nargs);
	free(x->why);
}

T_CASE(registers_and_immediates)
{
	struct fixture x;
	encode(&x, ET_DYN, "-4@%edi 8@%rsi 1@%ah -2@%r9w $42 -8@$-7", false);
	T_EQ_INT(x.bad, 0);
	T_EQ_INT(x.spec.nargs, 6);
	T_EQ_INT(x.spec.args[0].kind, DOBJ_UARG_REG);
	T_EQ_INT(x.spec.args[0].base, W(rdi));
	T_EQ_INT(x.spec.args[0].size, 4);
	T_EQ_INT(x.spec.args[0].is_signed, 1);
	T_EQ_INT(x.spec.args[1].base, W(rsi));
	T_EQ_INT(x.spec.args[1].is_signed, 0);
	T_EQ_INT(x.spec.args[2].base, W(rax));
	T_EQ_INT(x.spec.args[2].reg_shift, 8);
	T_EQ_INT(x.spec.args[3].base, W(r9));
	T_EQ_INT(x.spec.args[4].kind, DOBJ_UARG_IMM);
	T_EQ_INT(x.spec.args[4].disp, 42);
	T_EQ_INT(x.spec.args[5].disp, -7);
	done(&x);
}

T_CASE(memory_through_registers)
{
	struct fixture x;
	encode(&x, ET_DYN, "8@-16(%rbp) -4@8(%rbx,%rcx,4) 2@(,%rdx,8)", false);
	T_EQ_INT(x.bad, 0);
	T_EQ_INT(x.spec.args[0].kind, DOBJ_UARG_MEM);
	T_EQ_INT(x.spec.args[0].disp, -16);
	T_EQ_INT(x.spec.args[0].base, W(rbp));
	T_EQ_INT(x.spec.args[0].index, DOBJ_UREG_NONE);
	T_EQ_INT(x.spec.args[0].pcrel, 0);
	T_EQ_INT(x.spec.args[1].base, W(rbx));
	T_EQ_INT(x.spec.args[1].index, W(rcx));
	T_EQ_INT(x.spec.args[1].scale_shift, 2);
	T_EQ_INT(x.spec.args[2].base, DOBJ_UREG_NONE);
	T_EQ_INT(x.spec.args[2].index, W(rdx));
	T_EQ_INT(x.spec.args[2].scale_shift, 3);
	done(&x);
}

T_CASE(symbols_in_executables_are_absolute)
{
	struct fixture x;
	encode(&x, ET_EXEC, "8@counter(%rip) 4@counter+8(%rip) 8@table(,%rax,8)", true);
	T_EQ_INT(x.bad, 0);
	T_EQ_INT(x.spec.args[0].kind, DOBJ_UARG_MEM);
	T_EQ_INT(x.spec.args[0].pcrel, 0);
	T_EQ_INT(x.spec.args[0].disp, 0x5000);
	T_EQ_INT(x.spec.args[1].disp, 0x5008);
	T_EQ_INT(x.spec.args[0].base, DOBJ_UREG_NONE);
	T_EQ_INT(x.spec.args[2].disp, 0x5000);
	T_EQ_INT(x.spec.args[2].index, W(rax));
	done(&x);
}

T_CASE(symbols_in_pie_are_relative_to_the_site)
{
	struct fixture x;
	encode(&x, ET_DYN, "8@counter(%rip) 4@counter-8(%rip) 8@table(,%rax,8)", true);
	T_EQ_INT(x.bad, 0);
	T_EQ_INT(x.spec.args[0].pcrel, 1);
	T_EQ_INT(x.spec.args[0].disp, 0x5000 - 0x1000);
	T_EQ_INT(x.spec.args[1].disp, 0x5000 - 8 - 0x1000);
	T_EQ_INT(x.spec.args[0].base, DOBJ_UREG_NONE);
	T_EQ_INT(x.spec.args[2].pcrel, 1);
	T_EQ_INT(x.spec.args[2].index, W(rax));
	done(&x);
}

T_CASE(thread_local)
{
	struct fixture x;
	encode(&x, ET_EXEC, "4@%fs:tlsvar@tpoff -8@%fs:16", true);
	T_EQ_INT(x.bad, 0);
	T_EQ_INT(x.spec.args[0].kind, DOBJ_UARG_TLS);
	T_EQ_INT(x.spec.args[0].disp, -64);
	T_EQ_INT(x.spec.args[1].kind, DOBJ_UARG_TLS);
	T_EQ_INT(x.spec.args[1].disp, 16);
	done(&x);
}

T_CASE(unreadable_arguments_read_as_zero)
{
	struct fixture x;
	encode(&x, ET_DYN, "8f@%xmm0 8@sym(%rip) 4@%bogus -4@%edi", false);
	T_EQ_INT(x.bad, 3);
	T_EQ_INT(x.spec.args[0].kind, DOBJ_UARG_NONE);
	T_EQ_INT(x.spec.args[1].kind, DOBJ_UARG_NONE);
	T_EQ_INT(x.spec.args[2].kind, DOBJ_UARG_NONE);
	T_EQ_INT(x.spec.args[3].kind, DOBJ_UARG_REG);
	T_CHECK(x.why && strstr(x.why, "vector registers"));
	done(&x);
}

T_CASE(at_most_twelve_arguments)
{
	struct fixture x;
	encode(&x, ET_DYN, "$0 $1 $2 $3 $4 $5 $6 $7 $8 $9 $10 $11 $12 $13", false);
	T_EQ_INT(x.spec.nargs, DOBJ_USDT_MAXARGS);
	T_EQ_INT(x.spec.args[11].disp, 11);
	done(&x);
}

T_CASE(names_are_truncated_and_terminated)
{
	char v[4 * 16];
	usdt_spec_names(v, 16, "python", "python3.11", "a_function_with_a_long_name", "line");
	T_EQ_STR(v, "python");
	T_EQ_STR(v + 16, "python3.11");
	T_EQ_STR(v + 32, "a_function_with");
	T_EQ_STR(v + 48, "line");
	usdt_spec_names(v, 16, NULL, "", "f", "n");
	T_EQ_STR(v, "");
}

/* The fast path's layout: per argument, the register most sites use; memory, immediates and
 * missing arguments never vote; a site fits when every register of the layout is its own with
 * the same size, sign and shift. */
T_CASE(fast_layout_vote_and_fit)
{
	struct fixture x[4];
	encode(&x[0], ET_DYN, "-4@%edi 8@%rsi", false);
	encode(&x[1], ET_DYN, "-4@%edi 8@(%rsi)", false);
	encode(&x[2], ET_DYN, "-4@%esi 8@%rsi 1@%ah", false);
	encode(&x[3], ET_DYN, "4@%edi $5", false);
	struct dobj_usdt_spec specs[4] = { x[0].spec, x[1].spec, x[2].spec, x[3].spec };
	struct dobj_usdt_arg lay[DOBJ_USDT_MAXARGS];
	usdt_spec_layout(specs, 4, lay);
	T_EQ_INT(lay[0].kind, DOBJ_UARG_REG);    /* -4@%edi twice, -4@%esi and 4@%edi once */
	T_EQ_INT(lay[0].base, W(rdi));
	T_EQ_INT(lay[0].size, 4);
	T_EQ_INT(lay[0].is_signed, 1);
	T_EQ_INT(lay[1].kind, DOBJ_UARG_REG);    /* the memory operand does not vote */
	T_EQ_INT(lay[1].base, W(rsi));
	T_EQ_INT(lay[2].kind, DOBJ_UARG_REG);
	T_EQ_INT(lay[2].reg_shift, 8);
	T_EQ_INT(lay[3].kind, DOBJ_UARG_NONE);
	/* a program reading only arg0 directly: sites 0 and 1 fit, 2 (%esi) and 3 (unsigned) not */
	struct dobj_usdt_arg fast[DOBJ_USDT_MAXARGS];
	memset(fast, 0, sizeof(fast));
	fast[0] = lay[0];
	T_CHECK(usdt_spec_fits(&specs[0], fast));
	T_CHECK(usdt_spec_fits(&specs[1], fast));
	T_CHECK(!usdt_spec_fits(&specs[2], fast));
	T_CHECK(!usdt_spec_fits(&specs[3], fast));
	/* reading arg1 directly as well: site 1's arg1 is in memory */
	fast[1] = lay[1];
	T_CHECK(usdt_spec_fits(&specs[0], fast));
	T_CHECK(!usdt_spec_fits(&specs[1], fast));
	/* a program reading nothing directly never marks a site */
	memset(fast, 0, sizeof(fast));
	T_CHECK(!usdt_spec_fits(&specs[0], fast));
	usdt_spec_layout(specs, 0, lay);
	T_EQ_INT(lay[0].kind, DOBJ_UARG_NONE);
	for (int i = 0; i < 4; i++)
		done(&x[i]);
}

T_CASE(cookie_fields)
{
	uint64_t c = usdt_spec_cookie(7, 0x12345, true);
	T_EQ_UINT(c & 0xffffffffu, 7);
	T_EQ_UINT((c >> DOBJ_USDT_COOKIE_EPID_SHIFT) & DOBJ_USDT_COOKIE_EPID_MAX, 0x12345);
	T_CHECK((int64_t)c < 0);                   /* what the program tests */
	c = usdt_spec_cookie(0xffffffffu, DOBJ_USDT_COOKIE_EPID_MAX, false);
	T_EQ_UINT(c, 0x7fffffffffffffffULL);
	T_CHECK((int64_t)c >= 0);
	T_CHECK(usdt_spec_cookie(0, 1, false) != 0); /* never 0: the program's "not fetched yet" */
}

T_MAIN()
