# -v's statement attributes (the Guide's "Stability" chapter, "Stability Computations and
# Reports"): every identifier, subroutine and translator has stability attributes, an
# expression gets the minimum over its parts, a statement the minimum over its predicate and
# actions, and the report the minimum over the program argument's statements. Each
# expectation is DTrace for Linux's stdout for the same command line (dtrace -ve -n ...).
# Built-in variables: curthread is Stable / Private / Common (its data is the kernel's).
if cli_needs_root stmt_curthread; then
	cli_run stmt_curthread 0 \
		'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Private\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'BEGIN { trace(curthread->pid); }'
fi
if cli_needs_root stmt_predicate; then
	cli_run stmt_predicate 0 \
		'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Private\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'BEGIN /curthread/ { }'
fi
# Subroutines: the byte-order functions and d_path are Evolving.
if cli_needs_root stmt_evolving_function; then
	cli_run stmt_evolving_function 0 \
		'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'BEGIN { trace(ntohl(1)); }'
fi
if cli_needs_root stmt_d_path; then
	cli_run stmt_d_path 0 \
		'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'BEGIN { trace(d_path(0)); }'
fi
# The probe variables and args[] take the provider's attributes for the probe: syscall's
# arguments are Private / ISA; the dtrace provider's function Private / Unknown; profile's module Unstable.
if cli_needs_root stmt_args; then
	cli_run stmt_args 0 \
		'\nStability attributes for description syscall::read:entry :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: ISA\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: ISA\n\nsyscall::read:entry\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: ISA\n\n\tArgument Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: ISA\n\n\tArgument Types\n\t\targs[0]: unsigned int\n\t\targs[1]: char *\n\t\targs[2]: size_t\n\n' \
		'' "$USDTRACE" -ve -n 'syscall::read:entry { trace(args[0]); }'
fi
if cli_needs_root stmt_probefunc_dtrace; then
	cli_run stmt_probefunc_dtrace 0 \
		'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: Unknown\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'BEGIN { trace(probefunc); }'
fi
if cli_needs_root stmt_probemod_profile; then
	cli_run stmt_probemod_profile 0 \
		'\nStability attributes for description profile:::tick-1s :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Unknown\n\nprofile:::tick-1s\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'profile:::tick-1s { trace(probemod); }'
fi
if cli_needs_root stmt_probefunc_key; then
	cli_run stmt_probefunc_key 0 \
		'\nStability attributes for description syscall::read:entry :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: ISA\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: ISA\n\nsyscall::read:entry\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: ISA\n\n\tArgument Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: ISA\n\n\tArgument Types\n\t\targs[0]: unsigned int\n\t\targs[1]: char *\n\t\targs[2]: size_t\n\n' \
		'' "$USDTRACE" -ve -n 'syscall::read:entry { @[probefunc] = count(); }'
fi
if cli_needs_root stmt_formula_args; then
	cli_run stmt_formula_args 0 \
		'\nStability attributes for description proc:::exit :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: ISA\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: ISA\n\nproc:::exit\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: ISA\n\n\tArgument Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: ISA\n\n\tArgument Types\n\t\targs[0]: int\n\n' \
		'' "$USDTRACE" -ve -n 'proc:::exit { trace(args[0]); }'
fi
# A description standing for several probes whose arguments may differ gives them the Unstable attributes of no provider.
if cli_needs_root stmt_probefunc_unstable_set; then
	cli_run stmt_probefunc_unstable_set 0 \
		'\nStability attributes for description dtrace::: :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\ndtrace:::\n' \
		'' "$USDTRACE" -ve -n 'dtrace::: { trace(probefunc); }'
fi
# Aggregations: keys weigh, the aggregating function's argument does not.
if cli_needs_root stmt_agg_key; then
	cli_run stmt_agg_key 0 \
		'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Private\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'BEGIN { @[curthread] = count(); }'
fi
if cli_needs_root stmt_agg_arg; then
	cli_run stmt_agg_arg 0 \
		'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Stable\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'BEGIN { @ = sum(curthread->pid); }'
fi
# The library's inlines are Stable by their #pragma D attributes, whatever their definitions use.
if cli_needs_root stmt_curpsinfo; then
	cli_run stmt_curpsinfo 0 \
		'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Stable\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'BEGIN { trace(curpsinfo->pr_pid); }'
fi
if cli_needs_root stmt_cwd; then
	cli_run stmt_cwd 0 \
		'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Stable\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'BEGIN { trace(cwd); }'
fi
if cli_needs_root stmt_fds; then
	cli_run stmt_fds 0 \
		'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Stable\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'BEGIN { trace(fds[0].fi_offset); }'
fi
if cli_needs_root stmt_curcpu; then
	cli_run stmt_curcpu 0 \
		'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Stable\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'BEGIN { trace(curcpu->cpu_id); }'
fi
if cli_needs_root stmt_xlate_curthread; then
	cli_run stmt_xlate_curthread 0 \
		'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Private\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'BEGIN { trace(xlate<psinfo_t *>(curthread)->pr_pid); }'
fi
# A program's inline: its value's attributes, or those a later #pragma D attributes gives it;
# an integer constant inline is a constant.
if cli_needs_root stmt_inline; then
	cli_run stmt_inline 0 \
		'\nStability attributes for description inline int foo = curthread->pid:\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Private\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'inline int foo = curthread->pid; BEGIN { trace(foo); }'
fi
if cli_needs_root stmt_inline_pragma; then
	cli_run stmt_inline_pragma 0 \
		'\nStability attributes for description inline int foo = pid:\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Internal\n\t\tData Semantics:   Private\n\t\tDependency Class: Unknown\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n "$(printf 'inline int foo = pid;\n#pragma D attributes Internal/Private/Unknown foo\nBEGIN { trace(foo); }')"
fi
if cli_needs_root stmt_inline_const_pragma; then
	cli_run stmt_inline_const_pragma 0 \
		'\nStability attributes for description inline int foo = 3:\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Stable\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n "$(printf 'inline int foo = 3;\n#pragma D attributes Evolving/Evolving/ISA foo\nBEGIN { trace(foo); }')"
fi
# A global variable's attributes from #pragma D attributes, after its declaration or before it.
if cli_needs_root stmt_var_pragma_after; then
	cli_run stmt_var_pragma_after 0 \
		'\nStability attributes for description int x:\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: ISA\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n "$(printf 'int x;\n#pragma D attributes Evolving/Evolving/ISA x\nBEGIN { x = 1; }')"
fi
if cli_needs_root stmt_var_pragma_before; then
	cli_run stmt_var_pragma_before 0 \
		'\nStability attributes for description #pragma D attributes Evolving:\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: ISA\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n "$(printf '#pragma D attributes Evolving/Evolving/ISA x\nint x;\nBEGIN { x = 1; }')"
fi
# A translator's attributes: the minimum over all its members, the one used or not.
if cli_needs_root stmt_translator; then
	cli_run stmt_translator 0 \
		'\nStability attributes for description struct s :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Evolving\n\t\tData Semantics:   Evolving\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'struct s { int a; int b; }; translator struct s < int x > { a = x; b = ntohl(x); }; BEGIN { trace(xlate<struct s>(1).a); }'
fi
# The minimum over the statements of one program argument; each argument its own; a variable does not carry its value's attributes.
if cli_needs_root stmt_two_clauses; then
	cli_run stmt_two_clauses 0 \
		'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: ISA\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Private\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n\nsyscall::read:entry\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: ISA\n\n\tArgument Attributes\n\t\tIdentifier Names: Private\n\t\tData Semantics:   Private\n\t\tDependency Class: ISA\n\n\tArgument Types\n\t\targs[0]: unsigned int\n\t\targs[1]: char *\n\t\targs[2]: size_t\n\n' \
		'' "$USDTRACE" -ve -n 'BEGIN { trace(curthread); } syscall::read:entry { trace(1); }'
fi
if cli_needs_root stmt_two_programs; then
	cli_run stmt_two_programs 0 \
		'\nStability attributes for description BEGIN :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Private\n\t\tDependency Class: Common\n\n:::BEGIN\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n\nStability attributes for description END :\n\n\tMinimum Probe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tMinimum Statement Attributes\n\t\tIdentifier Names: Stable\n\t\tData Semantics:   Stable\n\t\tDependency Class: Common\n\n:::END\n\n\tProbe Description Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Attributes\n\t\tIdentifier Names: Unstable\n\t\tData Semantics:   Unstable\n\t\tDependency Class: Common\n\n\tArgument Types\n\t\tNone\n\n' \
		'' "$USDTRACE" -ve -n 'BEGIN { x = curthread; }' -n 'END { trace(x); }'
fi
# The floor as a pragma (the Guide's "Stability Enforcement", the amin option): the first part of the program below it is the error, in the order dtrace gives parts their attributes.
printf '#pragma D option amin=Stable/Stable/Common\nBEGIN\n{\n\texit(0);\n}\n' >amin_clause.d
if cli_needs_root amin_clause; then
	cli_run amin_clause 1 '' \
		'usdtrace: failed to compile script amin_clause.d: line 5: attributes for clause (Unstable/Unstable/Common) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_clause.d
fi
printf '#pragma D option amin=Unstable/Unstable/Common\ndtrace:::BEGIN\n{\n}\nsyscall::read:entry,\nsyscall::write:entry\n{\n}\n' >amin_clause_syscall.d
if cli_needs_root amin_clause_syscall; then
	cli_run amin_clause_syscall 1 '' \
		'usdtrace: failed to compile script amin_clause_syscall.d: line 8: attributes for clause (Private/Private/ISA) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_clause_syscall.d
fi
printf '#pragma D option amin=Unstable/Unstable/Common\nBEGIN\n{\n\ttrace(curthread->pid);\n}\n' >amin_builtin.d
if cli_needs_root amin_builtin; then
	cli_run amin_builtin 1 '' \
		'usdtrace: failed to compile script amin_builtin.d: line 4: attributes for scalar curthread (Stable/Private/Common) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_builtin.d
fi
printf '#pragma D option amin=Stable/Stable/Common\ndtrace:::BEGIN\n{\n\ttrace(1);\n\ttrace(\n\tntohl(1));\n}\n' >amin_function.d
if cli_needs_root amin_function; then
	cli_run amin_function 1 '' \
		'usdtrace: failed to compile script amin_function.d: line 6: attributes for function ntohl( ) (Evolving/Evolving/Common) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_function.d
fi
printf '#pragma D option amin=Stable/Stable/Common\ndtrace:::BEGIN\n{\n\ttrace(curthread->pid + ntohl(1));\n}\n' >amin_leftmost.d
if cli_needs_root amin_leftmost; then
	cli_run amin_leftmost 1 '' \
		'usdtrace: failed to compile script amin_leftmost.d: line 4: attributes for scalar curthread (Stable/Private/Common) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_leftmost.d
fi
printf '#pragma D option amin=Stable/Stable/Common\ndtrace:::BEGIN\n/ntohl(1)/\n{\n\ttrace(curthread);\n}\n' >amin_actions_first.d
if cli_needs_root amin_actions_first; then
	cli_run amin_actions_first 1 '' \
		'usdtrace: failed to compile script amin_actions_first.d: line 5: attributes for scalar curthread (Stable/Private/Common) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_actions_first.d
fi
printf '#pragma D option amin=Stable/Stable/Common\ndtrace:::BEGIN\n/ntohl(1)/\n{\n}\n' >amin_predicate.d
if cli_needs_root amin_predicate; then
	cli_run amin_predicate 1 '' \
		'usdtrace: failed to compile script amin_predicate.d: line 3: attributes for function ntohl( ) (Evolving/Evolving/Common) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_predicate.d
fi
printf '#pragma D option amin=Stable/Stable/Common\ndtrace:::BEGIN\n{\n\ttrace(probefunc);\n}\n' >amin_probefunc.d
if cli_needs_root amin_probefunc; then
	cli_run amin_probefunc 1 '' \
		'usdtrace: failed to compile script amin_probefunc.d: line 4: attributes for scalar probefunc (Private/Private/Unknown) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_probefunc.d
fi
printf '#pragma D option amin=Stable/Stable/Common\ndtrace:::BEGIN\n{\n\t@ = sum(ntohl(1));\n}\n' >amin_agg_arg.d
if cli_needs_root amin_agg_arg; then
	cli_run amin_agg_arg 1 '' \
		'usdtrace: failed to compile script amin_agg_arg.d: line 4: attributes for function ntohl( ) (Evolving/Evolving/Common) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_agg_arg.d
fi
printf '#pragma D option amin=Stable/Stable/Common\ninline int f = ntohl(1);\ndtrace:::BEGIN\n{\n}\n' >amin_inline_def.d
if cli_needs_root amin_inline_def; then
	cli_run amin_inline_def 1 '' \
		'usdtrace: failed to compile script amin_inline_def.d: line 2: attributes for function ntohl( ) (Evolving/Evolving/Common) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_inline_def.d
fi
printf '#pragma D option amin=Stable/Stable/Common\ninline int f = pid;\n#pragma D attributes Evolving/Evolving/Common f\ndtrace:::BEGIN\n{\n\ttrace(f);\n}\n' >amin_inline_use.d
if cli_needs_root amin_inline_use; then
	cli_run amin_inline_use 1 '' \
		'usdtrace: failed to compile script amin_inline_use.d: line 6: attributes for scalar f (Evolving/Evolving/Common) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_inline_use.d
fi
printf '#pragma D option amin=Stable/Stable/Common\nstruct s { int a; };\ntranslator struct s < int x > {\n\ta = ntohl(x);\n};\ndtrace:::BEGIN\n{\n}\n' >amin_translator_def.d
if cli_needs_root amin_translator_def; then
	cli_run amin_translator_def 1 '' \
		'usdtrace: failed to compile script amin_translator_def.d: line 4: attributes for function ntohl( ) (Evolving/Evolving/Common) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_translator_def.d
fi
printf '#pragma D option amin=Stable/Stable/Common\ndtrace:::BEGIN\n{\n\ttrace(xlate<fileinfo_t *>((struct file *)0)->fi_offset);\n}\n' >amin_xlate.d
if cli_needs_root amin_xlate; then
	cli_run amin_xlate 1 '' \
		'usdtrace: failed to compile script amin_xlate.d: line 4: attributes for operator xlate (Evolving/Evolving/Common) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_xlate.d
fi
printf '#pragma D option amin=Unstable/Unstable/Common\nint x;\n#pragma D attributes Private/Private/Unknown x\nBEGIN\n{\n\tx = 1;\n}\n' >amin_var_pragma.d
if cli_needs_root amin_var_pragma; then
	cli_run amin_var_pragma 1 '' \
		'usdtrace: failed to compile script amin_var_pragma.d: line 6: attributes for scalar x (Private/Private/Unknown) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_var_pragma.d
fi
printf '#pragma D option amin=Unstable/Unstable/Common\nBEGIN\n{\n\ttrace(curpsinfo->pr_pid);\n\ttrace(curthread);\n}\n' >amin_library_inline.d
if cli_needs_root amin_library_inline; then
	cli_run amin_library_inline 1 '' \
		'usdtrace: failed to compile script amin_library_inline.d: line 5: attributes for scalar curthread (Stable/Private/Common) are less than predefined minimum\n' \
		"$USDTRACE" -e -s amin_library_inline.d
fi
printf '#pragma D option amin=Private/Private/ISA\nsyscall::read:entry\n{\n\ttrace(args[0]);\n}\n' >amin_met.d
if cli_needs_root amin_met; then
	cli_run amin_met 0 '' \
		'' \
		"$USDTRACE" -e -s amin_met.d
fi
printf '#pragma D option amin=Stable/Stable/Common\ninline int f = 1;\n#pragma D attributes Evolving/Evolving/Common f\ndtrace:::BEGIN\n{\n\ttrace(f);\n}\n' >amin_const_inline.d
if cli_needs_root amin_const_inline; then
	cli_run amin_const_inline 0 '' \
		'' \
		"$USDTRACE" -e -s amin_const_inline.d
fi
