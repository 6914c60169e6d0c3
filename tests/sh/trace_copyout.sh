# tier: full
# trace_copyout.sh — copyout()/copyoutstr() to an address that cannot be written fault with a
# bad address (ERROR's arg4 is 1 and arg5 the address); where the kernel withholds
# bpf_probe_write_user the program still loads and every copyout faults (an address that
# could be written is then an invalid user access, fault 7).
. "$TOP/tests/sh/lib.sh"
sdt_workdir
U=$USDTRACE
if ! sdt_is_root; then
	skip trace-copyout "needs root (traces)"
	exit 0
fi
cd "$W" || exit 1
out=$("$U" -wq -n 'BEGIN { copyout((void *)alloca(8), 0, 8); exit(1); }
	ERROR { printf("%d %d\n", arg4, arg5); exit(0); }' 2>err)
if [ $? -eq 0 ] && [ "$out" = "1 0" ]; then
	ok copyout-null
else
	notok copyout-null "[$out] $(cat err)"
fi
out=$("$U" -wq -n 'BEGIN { copyoutstr("hi", 16, 3); exit(1); }
	ERROR { printf("%d %d\n", arg4, arg5); exit(0); }' 2>err)
if [ $? -eq 0 ] && [ "$out" = "1 16" ]; then
	ok copyoutstr-low
else
	notok copyoutstr-low "[$out] $(cat err)"
fi
# copyout() of a string writes the string's bytes: the fault is the destination's, not one
# at the address of a temporary
out=$("$U" -wq -n 'BEGIN { s = "hello"; copyout(s, 16, 3); exit(1); }
	ERROR { printf("%d %d\n", arg4, arg5); exit(0); }' 2>err)
if [ $? -eq 0 ] && [ "$out" = "1 16" ]; then
	ok copyout-string
else
	notok copyout-string "[$out] $(cat err)"
fi
