# ptr_literal_ro.sh — a string literal a pointer holds is read only, as a C string literal is
# (issue 20, pointers): a store through the pointer faults at the literal's address (a kernel
# address that changes from run to run, hence a pattern) and the literal keeps its characters
# for every later use. Decided by the Guide's C rules: DTrace for Linux cannot load
# `char *p; BEGIN { p = "abc"; *p = 120; }` at all (its verifier refuses the store: "R7 invalid
# mem access 'scalar'", observed).
cli_needs_root store_faults || return 0
cli_run store_faults 0 'abc\n\n' \
	'~^usdtrace: error in dt_clause_0 for probe ID 1 \(dtrace:::BEGIN\): invalid address \(0xffff[0-9a-f]+\) at BPF pc [0-9]+$' \
	"$USDTRACE" -qn 'char *p; BEGIN { p = "abc"; *p = 120; } BEGIN { printf("%s\n", stringof(p)); exit(0); }'
