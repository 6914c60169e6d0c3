/* @root */
/* BEGIN and END fire with every argument 0: dtrace_probe(dtrace_probeid_begin, 0, 0, 0, 0, 0)
 * and likewise for END (dtrace.c dtrace_state_go / dtrace_state_stop). ERROR's arguments are
 * DTrace for Linux's (NULL, probe ID, clause index, BPF pc, fault, address): here probe 1
 * (BEGIN), dt_clause_1, a bad address (DTRACEFLT_BADADDR, 1) at 8. */
#pragma D option quiet

BEGIN
{
	printf("BEGIN %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4);
}

BEGIN
{
	x = *(int *)8;
}

BEGIN
{
	exit(0);
}

ERROR
{
	printf("ERROR %d %d %d %d\n", arg1, arg2, arg4, arg5);
}

END
{
	printf("END %d %d %d %d %d\n", arg0, arg1, arg2, arg3, arg4);
}
