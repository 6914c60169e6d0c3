/*
 * The CPU identifiers' types (Guide, "Built-in Variables": processorid_t cpu, chipid_t chip,
 * lgrp_id_t lgrp; psetid_t pset as the sched provider's cpuinfo_t has it), each an id_t, a
 * signed int, as DTrace for Linux's sched.d defines them. Output as dtrace prints it:
 *   dtrace -qs builtin_cpu_id_types.d
 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof(processorid_t), sizeof(psetid_t), sizeof(chipid_t),
	    sizeof(lgrp_id_t), sizeof(id_t));
	/* signed: -1 stays -1 */
	printf("%d %d %d %d %d\n", (processorid_t)-1 < 0, (psetid_t)-1 < 0, (chipid_t)-1 < 0,
	    (lgrp_id_t)-1 < 0, (id_t)-1 < 0);
	trace((id_t)-1);
	printf("\n%d %d %d %d\n", sizeof(cpu), sizeof(chip), sizeof(lgrp), sizeof(pset));
	printf("%d %d\n", curcpu->cpu_id == cpu, sizeof(curcpu->cpu_lgrp));
	exit(0);
}
