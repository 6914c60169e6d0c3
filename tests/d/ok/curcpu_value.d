/* @root */
/*
 * curcpu is a pointer (cpuinfo_t *) as dtrace gives it: it may be traced, cast, compared,
 * stored in a variable and read through later in the clause, as well as read member by member,
 * and used in an aggregation key before another use (the scratch memory each takes is counted
 * as such, not as the distance past the key's temporaries).
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
	@[(uint64_t)curcpu != 0] = count();
	printf("%d\n", ((cpuinfo_t *)(int64_t)curcpu) != NULL);
	exit(0);
}
