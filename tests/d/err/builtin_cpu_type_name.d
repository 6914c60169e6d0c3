/*
 * cpu is a processorid_t (Guide, "Built-in Variables": processorid_t cpu; DTrace for Linux's
 * sched.d: inline processorid_t cpu = curcpu->cpu_id), so a refusal names that type:
 *   dtrace -qn 'BEGIN { printf("%s\n", cpu); exit(0); }'
 *   -> ... argument: processorid_t
 */
BEGIN
{
	printf("%s\n", cpu);
	exit(0);
}
