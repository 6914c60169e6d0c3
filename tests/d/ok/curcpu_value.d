/* @root */
/*
 * curcpu is a pointer (cpuinfo_t *) as dtrace gives it: it may be traced, cast, compared,
 * stored in a variable and read through later in the clause, as well as read member by member.
 */
#pragma D option quiet

BEGIN
{
	trace(curcpu != NULL);
	printf(" %d", (int64_t)curcpu != -1);
	this->c = curcpu;
	x = curcpu;
	printf(" %d %d %d", this->c->cpu_id == cpu, x->cpu_id == curcpu->cpu_id,
	    curcpu->cpu_chip == this->c->cpu_chip);
	printf(" %s\n", curcpu == 0 ? "null" : "set");
	exit(0);
}
