# faults.sh — run-time faults whose message carries a tracer-scratch address (it differs from
# run to run, so these are matched by pattern): what D code may reach through alloca()'d memory.
cli_needs_root faults || return 0

flt='^usdtrace: error in dt_clause_[0-9] for probe ID 1 \(dtrace:::BEGIN\): invalid address \(0x[0-9a-f]+\) at BPF pc [1-9][0-9]*$'

# A load one past the top of alloca()'d memory faults; the bytes inside are readable and
# writable (and start zeroed).
cli_run load_beyond_top 0 '0 7\n1\n\n' "~$flt" "$USDTRACE" -q \
	-n 'BEGIN { s = (char *)alloca(16); s[15] = 7; x = s[0]; y = s[15]; }' \
	-n 'BEGIN { printf("%d %d\n", x, y); }' \
	-n 'BEGIN { s = (char *)alloca(16); trace(s[16]); }' \
	-n 'ERROR { printf("%d\n", arg4); exit(0); }'

# So does one just below its bottom, and a store there.
cli_run load_below_bottom 0 '1\n\n' "~$flt" "$USDTRACE" -q \
	-n 'BEGIN { s = (int *)alloca(8); trace(s[-1]); }' -n 'ERROR { printf("%d\n", arg4); exit(0); }'
cli_run store_below_bottom 0 '1\n\n' "~$flt" "$USDTRACE" -q \
	-n 'BEGIN { s = (char *)alloca(8); s[-1] = 1; }' -n 'ERROR { printf("%d\n", arg4); exit(0); }'

# alloca() memory does not outlive its clause: a pointer kept in a global faults in the next.
cli_run across_clauses 0 'a\n1\n\n' "~${flt%%dt_clause_*}dt_clause_1${flt#*dt_clause_\[0-9\]}" \
	"$USDTRACE" -q -n 'BEGIN { s = (char *)alloca(1); *s = 97; printf("%c\n", *s); }' \
	-n 'BEGIN { trace(*s); }' -n 'ERROR { printf("%d\n", arg4); exit(0); }'

# bcopy() writes only into alloca()'d memory: one byte below it faults with that address.
cli_run bcopy_below 0 '1\n\n' "~$flt" "$USDTRACE" -q \
	-n 'BEGIN { s = (char *)alloca(16); bcopy("x", s - 1, 1); }' \
	-n 'ERROR { printf("%d\n", arg4); exit(0); }'

# A string stored through a string * needs sizeof (string) bytes of alloca()'d memory: the
# store starts inside the buffer and runs past its end, a bad size (fault 10), as dtrace says
# ("invalid size (0x10)" with strsize=16).
cli_run string_store_too_small 0 '10\n\n' \
	'~^usdtrace: error in dt_clause_0 for probe ID 1 \(dtrace:::BEGIN\): invalid size \(0x10\) at BPF pc [1-9][0-9]*$' "$USDTRACE" -q -x strsize=16 \
	-n 'BEGIN { q = (string *)alloca(8); *q = "abc"; }' \
	-n 'ERROR { printf("%d\n", arg4); exit(0); }'

# A pointer to a global variable read past the global variables reads on, as dtrace reads on
# (kernel memory lies there: reading it as a bad address took a task_struct that happened to
# follow the map value for one, and curthread's members faulted now and then); it ends
# without a fault or with one, by what is mapped there. A store past them faults (bad
# address) instead of touching what lies there: usdtrace's containment.
printf 'int a[4];\nBEGIN { p = &a[3]; x = *(p + 2000); printf("read\\n"); exit(0); }\nERROR { printf("fault\\n"); exit(0); }\n' >"$W/gl.d"
cli_run global_load_beyond 0 '~^(read|fault|)$' '*' "$USDTRACE" -q -s "$W/gl.d"
printf 'int a[4];\nBEGIN { p = &a[0]; *(p + 100) = 1; }\nERROR { printf("%%d %%d\\n", arg4, a[3]); exit(0); }\n' >"$W/gs.d"
cli_run global_store_beyond 0 '1 0\n\n' "~$flt" "$USDTRACE" -q -s "$W/gs.d"
# bcopy() to the top of alloca() memory (&t[16] of a 16-byte alloca()): the destination is
# outside it, an invalid address (arg5 the destination) as dtrace reports it, not a size past
# its end; arg5 is the address as D sees an alloca() pointer, its offset from 8 (0x18)
printf 'BEGIN { a = "01"; t = (char *)alloca(16); bcopy(a, &t[16], 1); }\nERROR { printf("%%d %%d\\n", arg4, arg5); exit(0); }\n' >"$W/bt.d"
cli_run bcopy_at_alloca_top 0 '1 24\n\n' "~$flt" "$USDTRACE" -q -s "$W/bt.d"
